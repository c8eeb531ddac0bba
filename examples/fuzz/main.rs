//! The fuzz harness: runs numbered inputs (mutated games, random bytes, generated games) through
//! the whole pipeline in worker processes, each input with a time budget, and writes every input
//! that panics, gives a wrong result, hangs or aborts to a findings folder.
//!
//! Built with overflow checks, so an i64 wrap is a panic:
//!   cargo run --profile fuzz --example fuzz -- --cases 1000000
//! Each input is a pure function of `--seed` and its number; `--only N` reruns one input, and
//! `--file PATH` runs a file (such as a finding) through the same pipeline.

mod inputs;
mod loops;
mod many;
mod pipeline;
mod worker;

use clap::Parser;
use inputs::SOURCES;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    /// How many inputs.
    #[arg(long, default_value_t = 2000)]
    cases: u64,
    /// The run's seed: the same seed gives the same inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The first input's number: a run stopped early goes on from where its last progress line
    /// says (inputs `--start` to `--cases` - 1 are run).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Worker processes run side by side.
    #[arg(long, default_value_t = 2)]
    jobs: u64,
    /// Seconds one input may take before it counts as a hang.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    /// Where findings are written.
    #[arg(long, default_value = "target/fuzz-findings")]
    out: PathBuf,
    /// Run only this input, in this process, and print it and its result.
    #[arg(long)]
    only: Option<u64>,
    /// Run this file (a finding, say) through the pipeline in this process, and print the result
    /// and the time it took.
    #[arg(long, value_name = "PATH", conflicts_with = "only")]
    file: Option<PathBuf>,
    #[arg(long, hide = true)]
    worker: bool,
    #[arg(long, hide = true, default_value_t = 0)]
    from: u64,
    #[arg(long, hide = true, default_value_t = 1)]
    step: u64,
}

/// What happened to one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Solved,
    Refused,
    Panic,
    Wrong,
    Hang,
    Abort,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Solved => "solved",
            Kind::Refused => "refused",
            Kind::Panic => "panic",
            Kind::Wrong => "wrong",
            Kind::Hang => "hang",
            Kind::Abort => "abort",
        }
    }
    fn is_finding(self) -> bool {
        self > Kind::Refused
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.worker {
        worker::run(args.seed, args.from, args.step.max(1), args.cases);
        return ExitCode::SUCCESS;
    }
    if let Some(path) = &args.file {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("fuzz: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let t = Instant::now();
        let result = pipeline::run(&text, args.seed);
        println!("{result:?} in {:.2} s", t.elapsed().as_secs_f64());
        return ExitCode::SUCCESS;
    }
    if let Some(i) = args.only {
        let (source, text) = inputs::input(args.seed, i, &inputs::corpus());
        println!("--- input {i} ({}):\n{text}\n---", source.name());
        println!("{:?}", pipeline::run(&text, args.seed ^ i));
        return ExitCode::SUCCESS;
    }
    let started = Instant::now();
    // This run's findings only (their input files are named by seed and number).
    let _ = std::fs::remove_file(args.out.join("findings.txt"));
    let (tx, rx) = mpsc::channel();
    let jobs = args.jobs.max(1);
    let handles: Vec<_> = (0..jobs)
        .map(|j| {
            let tx = tx.clone();
            let a = (args.seed, args.start + j, jobs, args.cases, args.timeout);
            std::thread::spawn(move || supervise(a.0, a.1, a.2, a.3, a.4, tx))
        })
        .collect();
    drop(tx);
    let mut tally: BTreeMap<(&str, Kind), u64> = BTreeMap::new();
    let mut findings: Vec<(u64, Kind, String)> = Vec::new();
    let mut done = 0u64;
    let total = args.cases.saturating_sub(args.start);
    // Each worker takes its inputs in order: every input below the least of these is done.
    let mut upto: Vec<u64> = (0..jobs).map(|j| args.start + j).collect();
    let corpus = inputs::corpus();
    for (i, kind, msg) in rx {
        let w = ((i - args.start.min(i)) % jobs) as usize;
        upto[w] = upto[w].max(i + jobs);
        *tally
            .entry((inputs::source_of(i).name(), kind))
            .or_default() += 1;
        if kind.is_finding() {
            // Written at once, so a long run that is stopped keeps what it found.
            save(&args, &corpus, i, kind, &msg);
            findings.push((i, kind, msg));
        }
        done += 1;
        // Every tenth of the run; every hundredth of a long one, so it can be resumed closely.
        let every = if total >= 100_000 {
            total / 100
        } else {
            total / 10
        };
        if done.is_multiple_of(every.max(1)) {
            let from = upto
                .iter()
                .min()
                .copied()
                .unwrap_or(args.cases)
                .min(args.cases);
            eprintln!(
                "fuzz: {done}/{total} inputs, {} findings, {:.0} s (every input below {from} done: resume with --start {from})",
                findings.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    for h in handles {
        let _ = h.join();
    }
    report(&args, &tally, &mut findings, started)
}

/// Writes a finding's input to `KIND-SEED-NUMBER.game` and a line to `findings.txt`.
fn save(args: &Args, corpus: &[String], i: u64, kind: Kind, msg: &str) {
    let (_, text) = inputs::input(args.seed, i, corpus);
    let _ = std::fs::create_dir_all(&args.out);
    let path = args
        .out
        .join(format!("{}-{}-{i}.game", kind.name(), args.seed));
    let _ = std::fs::write(&path, text);
    let line = format!("{} {i} {msg}\n", kind.name());
    let _ = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(args.out.join("findings.txt"))
        .and_then(|mut f| std::io::Write::write_all(&mut f, line.as_bytes()));
}

/// Runs inputs `j, j + jobs, …` in a worker, restarting it after a hang or an abort.
fn supervise(
    seed: u64,
    j: u64,
    jobs: u64,
    cases: u64,
    timeout: f64,
    tx: mpsc::Sender<(u64, Kind, String)>,
) {
    let mut next = j;
    while next < cases {
        let (mut child, lines) = spawn(seed, next, jobs, cases);
        loop {
            match lines.recv_timeout(Duration::from_secs_f64(timeout)) {
                Ok(line) => {
                    let (i, kind, msg) = parse(&line);
                    let _ = tx.send((i, kind, msg));
                    next = i + jobs;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    let _ = tx.send((next, Kind::Hang, format!("no result in {timeout} s")));
                    next += jobs;
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
                    if next < cases {
                        let _ = tx.send((next, Kind::Abort, format!("the worker ended: {status}")));
                        next += jobs;
                    }
                    break;
                }
            }
        }
    }
}

fn spawn(seed: u64, from: u64, step: u64, to: u64) -> (Child, mpsc::Receiver<String>) {
    let exe = std::env::current_exe().expect("the harness knows its path");
    let mut child = Command::new(exe)
        .args([
            "--worker",
            "--seed",
            &seed.to_string(),
            "--from",
            &from.to_string(),
        ])
        .args(["--step", &step.to_string(), "--cases", &to.to_string()])
        // Memory limits end in diagnostics within this budget (two workers: 3 GB at most).
        .env("GAMEC_MEMORY_AVAILABLE", "2000000000")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the worker starts");
    let out = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

fn parse(line: &str) -> (u64, Kind, String) {
    let mut parts = line.splitn(3, ' ');
    let i = parts
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(u64::MAX);
    let kind = match parts.next() {
        Some("solved") => Kind::Solved,
        Some("refused") => Kind::Refused,
        Some("panic") => Kind::Panic,
        _ => Kind::Wrong,
    };
    (i, kind, parts.next().unwrap_or("").to_string())
}

fn report(
    args: &Args,
    tally: &BTreeMap<(&str, Kind), u64>,
    findings: &mut [(u64, Kind, String)],
    started: Instant,
) -> ExitCode {
    let total: u64 = tally.values().sum();
    println!(
        "fuzz: {total} inputs (seed {}) in {:.0} s",
        args.seed,
        started.elapsed().as_secs_f64()
    );
    for s in SOURCES {
        let of = |k: Kind| tally.get(&(s.name(), k)).copied().unwrap_or(0);
        let n: u64 = [
            Kind::Solved,
            Kind::Refused,
            Kind::Panic,
            Kind::Wrong,
            Kind::Hang,
            Kind::Abort,
        ]
        .iter()
        .map(|k| of(*k))
        .sum();
        println!(
            "  {:<9} {n:>8}: {} solved, {} refused with a diagnostic, {} panics, {} wrong, {} hangs, {} aborts",
            s.name(),
            of(Kind::Solved),
            of(Kind::Refused),
            of(Kind::Panic),
            of(Kind::Wrong),
            of(Kind::Hang),
            of(Kind::Abort)
        );
    }
    if findings.is_empty() {
        println!("no findings");
        return ExitCode::SUCCESS;
    }
    findings.sort();
    for (i, kind, msg) in findings.iter() {
        println!("{} {i} {msg}", kind.name());
    }
    println!(
        "{} findings written to {} (rerun one with --seed {} --only N)",
        findings.len(),
        args.out.display(),
        args.seed
    );
    ExitCode::FAILURE
}
