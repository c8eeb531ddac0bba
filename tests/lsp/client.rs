//! The test client: spawns `gamec lsp` and speaks JSON-RPC to it with Content-Length framing,
//! waiting at most `WAIT` for any answer; and helpers for positions and ranges.

use serde_json::{json, Value};
use std::io::Read;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long any one answer may take before the test fails (rather than hangs).
pub const WAIT: Duration = Duration::from_secs(20);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    /// The server's log, where the test asked for it (`start_logged`).
    stderr: Option<ChildStderr>,
    rx: Receiver<Value>,
    /// Messages read while waiting for another one.
    stash: Vec<Value>,
}

/// Reads one `Content-Length` frame; `None` at the end of the stream.
pub fn read_frame(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    pub fn start() -> Client {
        Client::spawn(Stdio::null())
    }

    /// A client that keeps the server's log, read with `log` once the server has exited.
    #[allow(dead_code)]
    pub fn start_logged() -> Client {
        Client::spawn(Stdio::piped())
    }

    fn spawn(stderr: Stdio) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("gamec lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stderr = child.stderr.take();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            while let Some(v) = read_frame(&mut stdout) {
                if tx.send(v).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            stderr,
            rx,
            stash: Vec::new(),
        }
    }

    pub fn send_raw(&mut self, body: &str) {
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.stdin.write_all(frame.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Writes bytes that are no message.
    #[allow(dead_code)]
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Everything the server logged (after it has exited).
    #[allow(dead_code)]
    pub fn log(&mut self) -> String {
        let mut text = String::new();
        let mut stderr = self.stderr.take().expect("started with start_logged");
        stderr.read_to_string(&mut text).expect("read the log");
        text
    }

    pub fn send(&mut self, v: Value) {
        self.send_raw(&v.to_string());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The first message (stashed or new) that `want` accepts; the others are stashed.
    pub fn wait_for(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(k) = self.stash.iter().position(&want) {
            return self.stash.remove(k);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self
                .rx
                .recv_timeout(left)
                .unwrap_or_else(|e| panic!("no answer ({e}); stashed: {:?}", self.stash));
            if want(&v) {
                return v;
            }
            self.stash.push(v);
        }
    }

    /// Sends a request and returns the whole response.
    pub fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|v| v["id"] == json!(id) && v.get("method").is_none())
    }

    pub fn diagnostics(&mut self, uri: &str) -> Value {
        let v = self.wait_for(|v| {
            v["method"] == "textDocument/publishDiagnostics" && v["params"]["uri"] == uri
        });
        v["params"].clone()
    }

    pub fn initialize(&mut self) -> Value {
        let r = self.request(1, "initialize", json!({"capabilities": {}}));
        self.notify("initialized", json!({}));
        r
    }

    /// Waits (at most a few seconds) for the process to end.
    pub fn exit_status(&mut self) -> ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(s) = self.child.try_wait().expect("try_wait") {
                return s;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("gamec lsp did not exit");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn shutdown_and_exit(&mut self, id: i64) {
        let r = self.request(id, "shutdown", Value::Null);
        assert_eq!(r, json!({"jsonrpc": "2.0", "id": id, "result": null}));
        self.notify("exit", Value::Null);
        assert_eq!(self.exit_status().code(), Some(0));
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub const URI: &str = "file:///work/typo.game";

/// The misspelling `gaol` comes after non-ASCII text on its own line (`é` is 2 bytes and one
/// UTF-16 unit, `𝄞` 4 bytes and two units) and on the line before.
pub fn typo(name: &str) -> String {
    format!(
        "// Café: a game of 𝄞\ngame \"Typo\" {{\n  option goal: 1..=100 = 10\n  \
         state {{ pile: 0..=goal = 0 }}\n  \
         move add(n in 1..=2) /* é𝄞 */ if pile + n <= {name} {{ pile += n }}\n  \
         end if pile == goal: last mover wins\n}}\n"
    )
}

pub fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

pub fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": pos(line, character)})
}

pub fn range(line: u32, from: u32, to: u32) -> Value {
    json!({"start": pos(line, from), "end": pos(line, to)})
}
