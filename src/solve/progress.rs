//! Progress on stderr for long solves, only when stderr is a terminal: a spinner counting
//! positions while their number is unknown, and a bar with a percentage and an estimate of the
//! time left once it is known (solving in tier order knows it after finding the positions).
//!
//! Nothing is drawn for the first `DELAY` (a quick solve does not flicker); after that the line
//! is redrawn ten times a second by a ticker thread, with the time spent, so it moves even while
//! the solver is in a phase that counts nothing. The position count is refreshed from the clock,
//! not every so many positions: `tick` looks at the clock once every `CLOCK_EVERY` positions and
//! rewrites the message at most once every `REFRESH`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a solve runs before anything is drawn.
const DELAY: Duration = Duration::from_millis(200);
/// How often the line is redrawn and the count rewritten, at most.
const REFRESH: Duration = Duration::from_millis(100);
/// `tick` reads the clock when the count is a multiple of this (a power of two).
const CLOCK_EVERY: u64 = 4096;

pub(super) struct Progress(Option<Shown>);

struct Shown {
    pb: indicatif::ProgressBar,
    /// Set when the solve is over, under the lock the delayed start takes, so a bar finished
    /// during the delay is never drawn.
    over: Arc<Mutex<bool>>,
    throttle: Throttle,
}

impl Progress {
    /// A spinner (nothing when stderr is not a terminal).
    pub(super) fn new() -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let pb =
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
        let style = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        pb.set_style(style);
        pb.set_message("solving");
        let over = Arc::new(Mutex::new(false));
        let (later, flag) = (pb.clone(), Arc::clone(&over));
        // Without a thread the drawing would start only at the solver's next call.
        let started = std::thread::Builder::new().spawn(move || {
            std::thread::sleep(DELAY);
            let over = flag.lock().map(|o| *o).unwrap_or(true);
            if !over {
                later.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(10));
                later.enable_steady_tick(REFRESH);
            }
        });
        if started.is_err() {
            // No thread to spare: draw at once.
            pb.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(10));
        }
        Progress(Some(Shown {
            pb,
            over,
            throttle: Throttle::new(Instant::now()),
        }))
    }

    /// Counts positions found so far: the message shows `n` if the last one is old enough.
    #[inline]
    pub(super) fn tick(&self, n: u64) {
        if n & (CLOCK_EVERY - 1) == 0 {
            self.tick_at(n, Instant::now());
        }
    }

    /// `tick` at a given reading of the clock.
    fn tick_at(&self, n: u64, now: Instant) {
        if n & (CLOCK_EVERY - 1) == 0 {
            if let Some(s) = &self.0 {
                if s.throttle.due(now) {
                    s.pb.set_message(format!("solving: {n} positions"));
                }
            }
        }
    }

    /// Replaces the spinner's message.
    pub(super) fn say(&self, message: String) {
        if let Some(s) = &self.0 {
            s.pb.set_message(message);
        }
    }

    /// Turns the spinner into a bar over `total` `units` of work (positions, position numbers),
    /// with a percentage and the time left.
    pub(super) fn bar(&self, total: u64, what: &str, units: &str) {
        if let Some(s) = &self.0 {
            let style = indicatif::ProgressStyle::with_template(&format!(
                "{what} [{{bar:30}}] {{percent:>3}}% {{pos}}/{{len}} {units}, about {{eta}} left"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            s.pb.set_style(style.progress_chars("=> "));
            s.pb.set_length(total);
            s.pb.set_position(0);
            s.pb.reset_eta();
        }
    }

    /// Moves the bar on by `n` units.
    pub(super) fn advance(&self, n: u64) {
        if let Some(s) = &self.0 {
            s.pb.inc(n);
        }
    }

    pub(super) fn finish(&self) {
        if let Some(s) = &self.0 {
            if let Ok(mut over) = s.over.lock() {
                *over = true;
            }
            s.pb.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// A solve that stops early (a fault, a limit) clears its bar before the report.
    fn drop(&mut self) {
        self.finish();
    }
}

/// Says when the message is due for a rewrite: at most once every `REFRESH`, measured from the
/// clock readings it is given (so a test can give its own).
struct Throttle {
    start: Instant,
    /// Microseconds from `start` to the last rewrite.
    last: AtomicU64,
}

impl Throttle {
    fn new(start: Instant) -> Throttle {
        Throttle {
            start,
            last: AtomicU64::new(0),
        }
    }

    /// Whether a rewrite at `now` is due; if it is, `now` becomes the last rewrite. Threads that
    /// count at once may both see it due; one rewrite too many is harmless.
    fn due(&self, now: Instant) -> bool {
        let at = now.saturating_duration_since(self.start).as_micros() as u64;
        let last = self.last.load(Ordering::Relaxed);
        if at.saturating_sub(last) < REFRESH.as_micros() as u64 {
            return false;
        }
        self.last.store(at, Ordering::Relaxed);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewrite_is_due_once_every_refresh() {
        let t0 = Instant::now();
        let t = Throttle::new(t0);
        let ms = |n| t0 + Duration::from_millis(n);
        // Not at the start (nothing is drawn before the delay anyway), then at most every 100 ms.
        assert!(!t.due(ms(0)));
        assert!(!t.due(ms(99)));
        assert!(t.due(ms(100)));
        assert!(!t.due(ms(150)));
        assert!(!t.due(ms(199)));
        assert!(t.due(ms(200)));
        // A long gap (a slow position) gives one rewrite, then the wait starts again.
        assert!(t.due(ms(5000)));
        assert!(!t.due(ms(5050)));
        assert!(t.due(ms(5100)));
    }

    #[test]
    fn the_count_follows_the_clock_not_a_million_positions() {
        // A message rewritten every 2^20 positions left the screen blank for seconds.
        let pb = indicatif::ProgressBar::hidden();
        let t0 = Instant::now();
        let p = Progress(Some(Shown {
            pb: pb.clone(),
            over: Arc::new(Mutex::new(false)),
            throttle: Throttle::new(t0),
        }));
        let ms = |n| t0 + Duration::from_millis(n);
        p.tick_at(4096, ms(50));
        assert_eq!(pb.message(), "");
        p.tick_at(8192, ms(120));
        assert_eq!(pb.message(), "solving: 8192 positions");
        p.tick_at(8193, ms(400));
        p.tick_at(12288, ms(180));
        assert_eq!(pb.message(), "solving: 8192 positions");
        p.tick_at(16384, ms(230));
        assert_eq!(pb.message(), "solving: 16384 positions");
    }
}
