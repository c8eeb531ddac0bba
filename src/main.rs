//! The `gamec` binary: run the CLI and turn its outcome into an exit code.

fn main() -> std::process::ExitCode {
    gamec::cli::main()
}
