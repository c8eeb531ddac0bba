//! Progress on stderr for long solves, only when stderr is a terminal: a spinner counting
//! positions while their number is unknown, and a bar with a percentage and an estimate of the
//! time left once it is known (solving in tier order knows it after finding the positions).

use std::io::IsTerminal;

pub(super) struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A spinner (nothing when stderr is not a terminal).
    pub(super) fn new() -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let pb = indicatif::ProgressBar::new_spinner();
        pb.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        Progress(Some(pb))
    }

    /// Counts positions found so far, on every 2^20th.
    #[inline]
    pub(super) fn tick(&self, n: u64) {
        if n & 0xFFFFF == 0 {
            self.say(format!("solving: {n} positions"));
        }
    }

    /// Replaces the spinner's message.
    pub(super) fn say(&self, message: String) {
        if let Some(pb) = &self.0 {
            pb.set_message(message);
            pb.tick();
        }
    }

    /// Turns the spinner into a bar over `total` `units` of work (positions, position numbers),
    /// with a percentage and the time left.
    pub(super) fn bar(&self, total: u64, what: &str, units: &str) {
        if let Some(pb) = &self.0 {
            let style = indicatif::ProgressStyle::with_template(&format!(
                "{what} [{{bar:30}}] {{percent:>3}}% {{pos}}/{{len}} {units}, about {{eta}} left"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            pb.set_style(style.progress_chars("=> "));
            pb.set_length(total);
            pb.set_position(0);
            pb.reset_eta();
        }
    }

    /// Moves the bar on by `n` units.
    pub(super) fn advance(&self, n: u64) {
        if let Some(pb) = &self.0 {
            pb.inc(n);
        }
    }

    pub(super) fn finish(&self) {
        if let Some(pb) = &self.0 {
            pb.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// A solve that stops early (a fault, a limit) clears its bar before the report.
    fn drop(&mut self) {
        self.finish();
    }
}
