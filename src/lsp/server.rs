//! The server's loop over an `lsp_server::Connection`: the handshake, the open documents (full
//! text on every change), diagnostics published when a document changes (once the messages
//! waiting are handled, so a burst of edits is checked once), hover, go to definition,
//! completion, formatting, and shutdown. No input ends it but `exit` (or the end of the input): a request it cannot read gets an
//! error, a notification it does not know is ignored, and a panic in a handler is caught.

use super::completion::{complete, ItemKind};
use super::hover::{definition, hover};
use super::index::Kind;
use super::position::LineIndex;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What the server can do, as `initialize` answers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(true),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client until `exit`: the exit code is 0 after `shutdown`, 1 otherwise (as the
/// protocol asks), and 1 if the handshake fails or the input ends first.
pub fn serve(conn: &Connection, log: fn(&str)) -> u8 {
    let mut s = Server {
        conn,
        docs: HashMap::new(),
        dirty: Vec::new(),
        shutdown: false,
    };
    if let Err(why) = s.handshake() {
        log(&format!("gamec lsp: {why}\n"));
        return 1;
    }
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => s.request(req),
            Message::Notification(n) if n.method == "exit" => {
                return if s.shutdown { 0 } else { 1 };
            }
            Message::Notification(n) => s.notification(n),
            Message::Response(_) => {}
        }
        if conn.receiver.is_empty() {
            s.publish_dirty();
        }
    }
    1
}

struct Server<'c> {
    conn: &'c Connection,
    /// Each open document's text and version.
    docs: HashMap<Url, (String, i32)>,
    /// Documents changed since their diagnostics were last published.
    dirty: Vec<Url>,
    shutdown: bool,
}

/// Runs `f`, or gives `None` if it panics (the panic's message has gone to stderr).
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(f)).ok()
}

impl Server<'_> {
    /// Waits for `initialize` and answers it with the capabilities. A request before it gets
    /// `ServerNotInitialized`; `exit` or the end of the input ends the server.
    fn handshake(&mut self) -> Result<(), String> {
        loop {
            match self.conn.receiver.recv() {
                Err(_) => return Err("the input ended before `initialize`".to_string()),
                Ok(Message::Request(r)) if r.method == "initialize" => {
                    let caps = serde_json::to_value(capabilities()).unwrap_or(Value::Null);
                    let result = json!({
                        "capabilities": caps,
                        "serverInfo": { "name": "gamec", "version": env!("CARGO_PKG_VERSION") },
                    });
                    self.reply(r.id, Ok(result));
                    return Ok(());
                }
                Ok(Message::Request(r)) => {
                    let why = format!("`{}` before `initialize`", r.method);
                    self.reply(r.id, Err((ErrorCode::ServerNotInitialized, why)));
                }
                Ok(Message::Notification(n)) if n.method == "exit" => {
                    return Err("`exit` before `initialize`".to_string());
                }
                Ok(Message::Notification(n)) if n.method == super::transport::MALFORMED => {
                    self.notification(n);
                }
                Ok(_) => {}
            }
        }
    }

    fn send(&self, m: Message) {
        // The writer only stops when stdout is closed, and then nobody is listening.
        let _ = self.conn.sender.send(m);
    }

    fn reply(&self, id: lsp_server::RequestId, result: Result<Value, (ErrorCode, String)>) {
        let r = match result {
            Ok(v) => Response {
                id,
                result: Some(v),
                error: None,
            },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(Message::Response(r));
    }

    fn request(&mut self, req: Request) {
        let id = req.id.clone();
        if self.shutdown {
            let why = "the server is shutting down".to_string();
            return self.reply(id, Err((ErrorCode::InvalidRequest, why)));
        }
        if req.method == "shutdown" {
            self.shutdown = true;
            return self.reply(id, Ok(Value::Null));
        }
        let result = guarded(|| self.answer(&req)).unwrap_or_else(|| {
            Err((
                ErrorCode::InternalError,
                format!("gamec lsp failed on {}", req.method),
            ))
        });
        self.reply(id, result);
    }

    fn answer(&self, req: &Request) -> Result<Value, (ErrorCode, String)> {
        let bad = |e: serde_json::Error| (ErrorCode::InvalidParams, e.to_string());
        let params = req.params.clone();
        let at = |p: &TextDocumentPositionParams| {
            self.docs.get(&p.text_document.uri).map(|(text, _)| {
                let lines = LineIndex::new(text);
                (text.as_str(), lines.offset(p.position))
            })
        };
        let value = match req.method.as_str() {
            "textDocument/hover" => {
                let p: HoverParams = serde_json::from_value(params).map_err(bad)?;
                let h = at(&p.text_document_position_params).and_then(|(text, off)| {
                    let (span, md) = hover(text, off)?;
                    Some(Hover {
                        contents: HoverContents::Markup(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: md,
                        }),
                        range: Some(LineIndex::new(text).range(span)),
                    })
                });
                serde_json::to_value(h)
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = serde_json::from_value(params).map_err(bad)?;
                let tdp = &p.text_document_position_params;
                let loc = at(tdp).and_then(|(text, off)| {
                    let span = definition(text, off)?;
                    let range = LineIndex::new(text).range(span);
                    Some(GotoDefinitionResponse::Scalar(Location::new(
                        tdp.text_document.uri.clone(),
                        range,
                    )))
                });
                serde_json::to_value(loc)
            }
            "textDocument/completion" => {
                let p: CompletionParams = serde_json::from_value(params).map_err(bad)?;
                let items = at(&p.text_document_position)
                    .map(|(text, off)| complete(text, off).into_iter().map(item).collect())
                    .unwrap_or_default();
                serde_json::to_value(CompletionResponse::Array(items))
            }
            "textDocument/formatting" => {
                let p: DocumentFormattingParams = serde_json::from_value(params).map_err(bad)?;
                let edits: Vec<TextEdit> = self
                    .docs
                    .get(&p.text_document.uri)
                    .and_then(|(text, _)| {
                        let (span, new_text) = super::formatting::edit(text)?;
                        let range = LineIndex::new(text).range(span);
                        Some(vec![TextEdit { range, new_text }])
                    })
                    .unwrap_or_default();
                serde_json::to_value(edits)
            }
            m => return Err((ErrorCode::MethodNotFound, format!("unknown method `{m}`"))),
        };
        value.map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn notification(&mut self, n: Notification) {
        let params = n.params;
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(params) {
                    let d = p.text_document;
                    self.docs.insert(d.uri.clone(), (d.text, d.version));
                    self.mark(d.uri);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(params) {
                    let uri = p.text_document.uri;
                    if let Some((text, version)) = self.docs.get_mut(&uri) {
                        for c in p.content_changes {
                            apply(text, c);
                        }
                        *version = p.text_document.version;
                        self.mark(uri);
                    }
                }
            }
            "textDocument/didSave" => {
                if let Ok(p) = serde_json::from_value::<DidSaveTextDocumentParams>(params) {
                    let uri = p.text_document.uri;
                    if let (Some((text, _)), Some(new)) = (self.docs.get_mut(&uri), p.text) {
                        *text = new;
                    }
                    if self.docs.contains_key(&uri) {
                        self.mark(uri);
                    }
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(params) {
                    let uri = p.text_document.uri;
                    self.docs.remove(&uri);
                    self.dirty.retain(|u| *u != uri);
                    self.publish(uri, Vec::new(), None);
                }
            }
            super::transport::MALFORMED => {
                if let Ok(id) = serde_json::from_value(params["id"].clone()) {
                    let why = params["why"].as_str().unwrap_or("malformed").to_string();
                    self.reply(id, Err((ErrorCode::InvalidRequest, why)));
                }
            }
            _ => {}
        }
    }

    fn mark(&mut self, uri: Url) {
        if !self.dirty.contains(&uri) {
            self.dirty.push(uri);
        }
    }

    fn publish_dirty(&mut self) {
        for uri in std::mem::take(&mut self.dirty) {
            let Some((text, version)) = self.docs.get(&uri) else {
                continue;
            };
            let version = *version;
            let ds = guarded(|| super::diagnostics::diagnostics(text, &uri)).unwrap_or_default();
            self.publish(uri, ds, Some(version));
        }
    }

    fn publish(&self, uri: Url, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
        let p = PublishDiagnosticsParams::new(uri, diagnostics, version);
        let n = Notification {
            method: "textDocument/publishDiagnostics".to_string(),
            params: serde_json::to_value(p).unwrap_or(Value::Null),
        };
        self.send(Message::Notification(n));
    }
}

/// Applies one change: the whole text, or (from a client that sends them anyway) a range.
fn apply(text: &mut String, c: TextDocumentContentChangeEvent) {
    match c.range {
        None => *text = c.text,
        Some(r) => {
            let (a, b) = {
                let lines = LineIndex::new(text);
                (lines.offset(r.start), lines.offset(r.end))
            };
            if a <= b {
                text.replace_range(a..b, &c.text);
            }
        }
    }
}

fn item(i: super::completion::Item) -> CompletionItem {
    let kind = match i.kind {
        ItemKind::Keyword => CompletionItemKind::KEYWORD,
        ItemKind::Builtin => CompletionItemKind::FUNCTION,
        ItemKind::Name(k) => match k {
            Kind::Option => CompletionItemKind::CONSTANT,
            Kind::EnumValue | Kind::Throw => CompletionItemKind::ENUM_MEMBER,
            Kind::Def => CompletionItemKind::FUNCTION,
            Kind::Move => CompletionItemKind::METHOD,
            _ => CompletionItemKind::VARIABLE,
        },
    };
    CompletionItem {
        label: i.label,
        kind: Some(kind),
        detail: Some(i.detail),
        ..CompletionItem::default()
    }
}
