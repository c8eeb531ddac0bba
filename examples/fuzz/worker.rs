//! A worker process: runs its share of the inputs in order, each inside `catch_unwind`, and
//! reports one line per input on stdout (`INDEX solved|refused|panic|wrong MESSAGE`). A hang or
//! an abort is noticed by the parent, which knows the index that did not report.

use crate::inputs;
use crate::pipeline::{self, Outcome};
use std::cell::RefCell;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};

thread_local! {
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs inputs `from, from + step, …` below `to`.
pub fn run(seed: u64, from: u64, step: u64, to: u64) {
    // The message and place of a panic go into the report, not to stderr.
    panic::set_hook(Box::new(|info| {
        let msg = match info.payload().downcast_ref::<&str>() {
            Some(s) => s.to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default(),
        };
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = format!("{msg} at {at}"));
    }));
    let corpus = inputs::corpus();
    let stdout = std::io::stdout();
    let mut i = from;
    while i < to {
        let (_, text) = inputs::input(seed, i, &corpus);
        let r = panic::catch_unwind(AssertUnwindSafe(|| pipeline::run(&text, seed ^ i)));
        let line = match r {
            Ok(Ok(Outcome::Solved)) => "solved".to_string(),
            Ok(Ok(Outcome::Refused)) => "refused".to_string(),
            Ok(Err(why)) => format!("wrong {}", one_line(&why)),
            Err(_) => format!("panic {}", one_line(&PANIC.with(|p| p.borrow().clone()))),
        };
        let mut out = stdout.lock();
        if writeln!(out, "{i} {line}")
            .and_then(|_| out.flush())
            .is_err()
        {
            return;
        }
        i += step;
    }
}

fn one_line(s: &str) -> String {
    s.replace('\n', " ")
}
