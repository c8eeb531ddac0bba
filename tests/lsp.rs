//! `gamec lsp`: a client here spawns the binary and speaks JSON-RPC to it over its stdin and
//! stdout (Content-Length framing, written here), checking the exact answers: the capabilities,
//! diagnostics as a file is opened and fixed (a throw game too), hover, go to definition,
//! completion, malformed input and unknown methods, and shutdown and exit.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long any one answer may take before the test fails (rather than hangs).
const WAIT: Duration = Duration::from_secs(20);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    /// Messages read while waiting for another one.
    stash: Vec<Value>,
}

/// Reads one `Content-Length` frame; `None` at the end of the stream.
fn read_frame(r: &mut impl BufRead) -> Option<Value> {
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
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("gamec lsp starts");
        let stdin = child.stdin.take().expect("stdin");
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
            rx,
            stash: Vec::new(),
        }
    }

    fn send_raw(&mut self, body: &str) {
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.stdin.write_all(frame.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, v: Value) {
        self.send_raw(&v.to_string());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The first message (stashed or new) that `want` accepts; the others are stashed.
    fn wait_for(&mut self, want: impl Fn(&Value) -> bool) -> Value {
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
    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|v| v["id"] == json!(id) && v.get("method").is_none())
    }

    fn diagnostics(&mut self, uri: &str) -> Value {
        let v = self.wait_for(|v| {
            v["method"] == "textDocument/publishDiagnostics" && v["params"]["uri"] == uri
        });
        v["params"].clone()
    }

    fn initialize(&mut self) -> Value {
        let r = self.request(1, "initialize", json!({"capabilities": {}}));
        self.notify("initialized", json!({}));
        r
    }

    /// Waits (at most a few seconds) for the process to end.
    fn exit_status(&mut self) -> ExitStatus {
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

    fn shutdown_and_exit(&mut self, id: i64) {
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

const URI: &str = "file:///work/typo.game";

/// The misspelling `gaol` comes after non-ASCII text on its own line (`é` is 2 bytes and one
/// UTF-16 unit, `𝄞` 4 bytes and two units) and on the line before.
fn typo(name: &str) -> String {
    format!(
        "// Café: a game of 𝄞\ngame \"Typo\" {{\n  option goal: 1..=100 = 10\n  \
         state {{ pile: 0..=goal = 0 }}\n  \
         move add(n in 1..=2) /* é𝄞 */ if pile + n <= {name} {{ pile += n }}\n  \
         end if pile == goal: last mover wins\n}}\n"
    )
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": pos(line, character)})
}

fn range(line: u32, from: u32, to: u32) -> Value {
    json!({"start": pos(line, from), "end": pos(line, to)})
}

#[test]
fn initialize_answers_the_capabilities() {
    let mut c = Client::start();
    let r = c.initialize();
    assert_eq!(
        r,
        json!({"jsonrpc": "2.0", "id": 1, "result": {
            "capabilities": {
                "textDocumentSync": {"openClose": true, "change": 1, "save": {"includeText": true}},
                "hoverProvider": true,
                "definitionProvider": true,
                "completionProvider": {},
            },
            "serverInfo": {"name": "gamec", "version": env!("CARGO_PKG_VERSION")},
        }})
    );
    c.shutdown_and_exit(2);
}

#[test]
fn diagnostics_follow_the_text_and_names_are_understood() {
    let mut c = Client::start();
    c.initialize();
    let doc = json!({"uri": URI, "languageId": "game", "version": 1, "text": typo("gaol")});
    c.notify("textDocument/didOpen", json!({"textDocument": doc}));
    let gaol = range(4, 48, 52);
    assert_eq!(
        c.diagnostics(URI),
        json!({"uri": URI, "version": 1, "diagnostics": [{
            "range": gaol,
            "severity": 1,
            "code": "gamec::unknown_name",
            "source": "gamec",
            "message": "unknown name `gaol`\nhelp: Did you mean `goal`?",
            "relatedInformation": [{
                "location": {"uri": URI, "range": gaol},
                "message": "not an option, state variable or parameter in scope",
            }],
        }]})
    );

    let change = json!({
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"text": typo("goal")}],
    });
    c.notify("textDocument/didChange", change);
    assert_eq!(
        c.diagnostics(URI),
        json!({"uri": URI, "version": 2, "diagnostics": []})
    );

    // Hover on `pile` in `pile + n`.
    let r = c.request(3, "textDocument/hover", at(4, 38));
    assert_eq!(
        r["result"],
        json!({
            "contents": {"kind": "markdown", "value": "```game\npile: 0..=goal = 0\n```\nstate variable"},
            "range": range(4, 36, 40),
        })
    );
    // Hover on the move's name: its parameters.
    let r = c.request(4, "textDocument/hover", at(4, 8));
    assert_eq!(
        r["result"]["contents"]["value"],
        "```game\nmove add(n in 1..=2)\n```\nmove; parameters:\n- `n` in `1..=2`"
    );

    // From `goal` in the end rule to the option.
    let r = c.request(5, "textDocument/definition", at(5, 18));
    assert_eq!(r["result"], json!({"uri": URI, "range": range(2, 9, 13)}));
    // From `n` in the body to the parameter.
    let r = c.request(6, "textDocument/definition", at(4, 63));
    assert_eq!(r["result"], json!({"uri": URI, "range": range(4, 11, 12)}));
    // Nothing to go to from a keyword.
    let r = c.request(7, "textDocument/definition", at(5, 3));
    assert_eq!(r["result"], Value::Null);

    // In the move's body: the move's parameter, the state, the options and the keywords.
    let r = c.request(8, "textDocument/completion", at(4, 55));
    let labels: Vec<&str> = r["result"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for want in ["goal", "pile", "n", "again", "move", "count"] {
        assert!(labels.contains(&want), "{want} missing from {labels:?}");
    }
    let pile = r["result"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["label"] == "pile"))
        .cloned();
    assert_eq!(
        pile,
        Some(json!({"label": "pile", "kind": 6, "detail": "state variable"}))
    );
    // In the end rule, `n` is out of scope.
    let r = c.request(9, "textDocument/completion", at(5, 17));
    let labels: Vec<&str> = r["result"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"goal") && !labels.contains(&"n"),
        "{labels:?}"
    );

    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(c.diagnostics(URI), json!({"uri": URI, "diagnostics": []}));
    c.shutdown_and_exit(10);
}

#[test]
fn ranged_changes_saves_and_broken_text_are_handled() {
    let mut c = Client::start();
    c.initialize();
    let doc = json!({"uri": URI, "languageId": "game", "version": 1, "text": typo("goal")});
    c.notify("textDocument/didOpen", json!({"textDocument": doc}));
    assert_eq!(
        c.diagnostics(URI),
        json!({"uri": URI, "version": 1, "diagnostics": []})
    );
    // A client may send a range even though the server asks for whole texts.
    let change = json!({
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": range(4, 48, 52), "text": "gaol"}],
    });
    c.notify("textDocument/didChange", change);
    let d = c.diagnostics(URI);
    assert_eq!(d["version"], 2);
    assert_eq!(d["diagnostics"][0]["code"], "gamec::unknown_name");
    assert_eq!(d["diagnostics"][0]["range"], range(4, 48, 52));
    // Saving with the text replaces it.
    let save = json!({"textDocument": {"uri": URI}, "text": typo("goal")});
    c.notify("textDocument/didSave", save);
    assert_eq!(
        c.diagnostics(URI),
        json!({"uri": URI, "version": 2, "diagnostics": []})
    );
    // Half-typed text: a syntax error, and completion still offers the declared names.
    let broken = "game \"T\" {\n  option goal = 5\n  state { pile: 0..=9 = 0 }\n  move add(n in 1..=2) if pile + ";
    let change = json!({
        "textDocument": {"uri": URI, "version": 3},
        "contentChanges": [{"text": broken}],
    });
    c.notify("textDocument/didChange", change);
    let d = c.diagnostics(URI);
    assert_eq!(d["diagnostics"][0]["code"], "gamec::syntax");
    let r = c.request(2, "textDocument/completion", at(3, 33));
    let names: Vec<&str> = r["result"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|i| i["kind"] != 14 && i["kind"] != 3) // not keywords or built-ins
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert_eq!(names, vec!["goal", "pile", "n"]);
    c.shutdown_and_exit(3);
}

#[test]
fn a_throw_game_gets_its_diagnostics() {
    let uri = "file:///work/rps.game";
    let text = std::fs::read_to_string(format!(
        "{}/tests/ui/err/unknown_throw.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    let mut c = Client::start();
    c.initialize();
    let doc = json!({"uri": uri, "languageId": "game", "version": 7, "text": text});
    c.notify("textDocument/didOpen", json!({"textDocument": doc}));
    assert_eq!(
        c.diagnostics(uri),
        json!({"uri": uri, "version": 7, "diagnostics": [{
            "range": range(4, 18, 22),
            "severity": 1,
            "code": "gamec::unknown_throw",
            "source": "gamec",
            "message": "unknown throw `papr`\nhelp: Did you mean `paper`?",
            "relatedInformation": [
                {"location": {"uri": uri, "range": range(4, 18, 22)}, "message": "not one of the throws"},
                {"location": {"uri": uri, "range": range(5, 4, 8)}, "message": "and here"},
            ],
        }]})
    );
    c.shutdown_and_exit(2);
}

#[test]
fn malformed_messages_and_unknown_methods_do_not_stop_the_server() {
    let mut c = Client::start();
    c.initialize();
    c.send_raw("{not json");
    c.send_raw("Content-Length: 3\r\n\r\n"); // a header inside a body: not JSON either
    c.send(json!({"jsonrpc": "2.0", "id": 5, "method": 7}));
    let r = c.wait_for(|v| v["id"] == 5);
    assert_eq!(r["error"]["code"], -32600, "{r}");
    let r = c.request(6, "gamec/nothing", json!({}));
    assert_eq!(
        r,
        json!({"jsonrpc": "2.0", "id": 6, "error": {"code": -32601, "message": "unknown method `gamec/nothing`"}})
    );
    c.notify("gamec/nothing", json!({}));
    // Bad parameters are an error too, and a document never opened has no hover.
    let r = c.request(7, "textDocument/hover", json!({"position": 3}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = c.request(8, "textDocument/hover", at(0, 0));
    assert_eq!(r, json!({"jsonrpc": "2.0", "id": 8, "result": null}));
    c.shutdown_and_exit(9);
}

#[test]
fn a_request_before_initialize_is_refused() {
    let mut c = Client::start();
    let r = c.request(1, "textDocument/hover", at(0, 0));
    assert_eq!(
        r,
        json!({"jsonrpc": "2.0", "id": 1, "error": {
            "code": -32002, "message": "`textDocument/hover` before `initialize`"}})
    );
    let r = c.request(2, "initialize", json!({"capabilities": {}}));
    assert_eq!(r["result"]["serverInfo"]["name"], "gamec");
    c.shutdown_and_exit(3);
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let mut c = Client::start();
    c.initialize();
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_status().code(), Some(1));
}

/// Over every shipped game: each name used leads to a declaration of the same name, hover
/// there shows that declaration's text, and hover, definition and completion at any offset of
/// the game or of a cut-off copy of it (as while typing) answer without failing.
#[test]
fn every_use_in_the_shipped_games_leads_to_its_declaration() {
    use gamec::lsp::{completion::complete, hover, index::Index};
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut uses = 0;
    for entry in std::fs::read_dir(dir).expect("games/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("a game");
        let file = gamec::syntax::parse(&text).expect("a shipped game parses");
        let ix = Index::of(&file, &text);
        for u in &ix.uses {
            let d = &ix.decls[u.decl];
            assert_eq!(text[u.span.start..u.span.end], d.name, "{path:?}");
            assert_eq!(hover::definition(&text, u.span.start), Some(d.span));
            let (span, h) = hover::hover(&text, u.span.start).expect("a hover");
            assert_eq!((span, h.as_str()), (u.span, d.hover.as_str()));
            uses += 1;
        }
        for cut in (0..text.len()).step_by(text.len() / 16 + 1) {
            let Some(part) = text.get(..cut) else {
                continue;
            };
            assert!(complete(part, cut).iter().any(|i| i.label == "game"));
            for off in (0..=cut).step_by(97) {
                let _ = hover::hover(part, off);
                let _ = hover::definition(part, off);
            }
        }
    }
    assert!(uses > 500, "only {uses} uses");
}
