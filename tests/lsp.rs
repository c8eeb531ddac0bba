//! `gamec lsp`: a client here spawns the binary and speaks JSON-RPC to it over its stdin and
//! stdout (Content-Length framing, written here), checking the exact answers: the capabilities,
//! diagnostics as a file is opened and fixed (a throw game too), hover, go to definition,
//! completion (the kinds of a `symmetry` line too), formatting, malformed input and unknown
//! methods, and shutdown and exit.

#[path = "lsp/client.rs"]
mod client;
use client::*;
use serde_json::{json, Value};

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
                "documentFormattingProvider": true,
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

/// After `symmetry VAR:` (and after each comma there) completion offers the kinds, and hover on
/// one says what it rearranges.
#[test]
fn the_kinds_of_a_symmetry_line_are_completed_and_described() {
    let mut c = Client::start();
    c.initialize();
    let text = "game \"T\" {\n  state { heap: [0..=3; 3] = [1, 2, 3] }\n  \
                move take(i in indices(heap)) if heap[i] > 0 { heap[i] -= 1 }\n  \
                end if no moves: mover loses\n  symmetry heap: permutation [1, 2, 0], \n}\n";
    let doc = json!({"uri": URI, "languageId": "game", "version": 1, "text": text});
    c.notify("textDocument/didOpen", json!({"textDocument": doc}));
    let r = c.request(2, "textDocument/completion", at(4, 40));
    let items: Vec<(&str, &Value)> = r["result"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| (i["label"].as_str().unwrap_or(""), &i["kind"]))
        .collect();
    let keyword = json!(14);
    assert_eq!(
        items,
        [
            ("rotations", &keyword),
            ("reflections", &keyword),
            ("mirror", &keyword),
            ("flip", &keyword),
            ("any order", &keyword),
            ("permutation", &keyword),
            ("swap", &keyword),
        ]
    );
    let r = c.request(3, "textDocument/hover", at(4, 20));
    assert_eq!(
        r["result"],
        json!({
            "contents": {"kind": "markdown", "value": "`permutation [p0, p1, ...]`: element (or \
                cell, numbered row by row) k goes to place pk"},
            "range": range(4, 17, 28),
        })
    );
    c.shutdown_and_exit(4);
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

/// Two stray bytes before a message made the reader take every later header for part of the
/// one before, so no later message was answered; it now skips them up to the next
/// `Content-Length` header and says so on stderr.
#[test]
fn stray_bytes_between_messages_are_skipped_and_logged() {
    let mut c = Client::start_logged();
    c.initialize();
    c.send_bytes(b"xy");
    let r = c.request(2, "textDocument/hover", at(0, 0));
    assert_eq!(r, json!({"jsonrpc": "2.0", "id": 2, "result": null}));
    c.send_bytes(b"}\r\nnot a header\n");
    let r = c.request(3, "textDocument/hover", at(0, 0));
    assert_eq!(r, json!({"jsonrpc": "2.0", "id": 3, "result": null}));
    c.shutdown_and_exit(4);
    assert_eq!(
        c.log(),
        "gamec lsp: skipped 2 stray bytes \"xy\" before a message\n\
         gamec lsp: skipped 16 stray bytes \"}\\r\\nnot a header\\n\" before a message\n"
    );
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
/// the game or of a cut-off copy of it (as while typing) answer without failing; completion
/// offers the keywords, or exactly the symmetry kinds where a `symmetry` line lists them.
#[test]
fn every_use_in_the_shipped_games_leads_to_its_declaration() {
    use gamec::lsp::{completion::complete, hover, index::Index, kinds, words::SYMMETRY_KINDS};
    let kind_words: Vec<String> = SYMMETRY_KINDS.iter().map(|(k, _)| k.to_string()).collect();
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
            let labels: Vec<String> = complete(part, cut).into_iter().map(|i| i.label).collect();
            // Among a symmetry line's kinds, exactly the kinds; elsewhere every keyword.
            match kinds::among_kinds(part, cut) {
                true => assert_eq!(labels, kind_words, "{path:?} at {cut}"),
                false => assert!(labels.iter().any(|l| l == "game"), "{path:?} at {cut}"),
            }
            for off in (0..=cut).step_by(97) {
                let _ = hover::hover(part, off);
                let _ = hover::definition(part, off);
            }
        }
    }
    assert!(uses > 500, "only {uses} uses");
}

#[test]
fn formatting_replaces_the_document_with_gamec_fmts_layout() {
    let mut c = Client::start();
    c.initialize();
    let messy =
        "game \"A\"{ state{x:0..=1=0}\nmove m if x==0{x=1} // go\nend if x==1: last mover wins }";
    let doc = json!({"uri": URI, "languageId": "game", "version": 1, "text": messy});
    c.notify("textDocument/didOpen", json!({"textDocument": doc}));
    let opts = json!({"tabSize": 2, "insertSpaces": true});
    let r = c.request(
        2,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": opts}),
    );
    assert_eq!(
        r["result"],
        json!([{
            "range": {"start": pos(0, 0), "end": pos(2, 30)},
            "newText": "game \"A\" { state { x: 0..=1 = 0 }\n  move m if x == 0 { x = 1 } // go\n  end if x == 1: last mover wins }\n",
        }])
    );
    // A document that does not parse is left as it is.
    let change =
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": "game {"}]});
    c.notify("textDocument/didChange", change);
    let r = c.request(
        3,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": opts}),
    );
    assert_eq!(r["result"], json!([]));
    c.shutdown_and_exit(4);
}
