//! The JSON-RPC framing over standard input and output (`Content-Length` headers), tolerant of a
//! broken client: a message that is not JSON, or not a JSON-RPC message, is skipped (a request
//! whose id can still be read gets an `InvalidRequest` error), an oversized one is read past,
//! stray bytes between messages are skipped up to the next `Content-Length` header (and logged),
//! and only the end of the input or an I/O error ends the connection. Two threads move messages
//! between the streams and an `lsp_server::Connection`, which the server reads and writes.

use lsp_server::{Connection, Message, Notification, RequestId};
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// What the reader hands the server for a request it could not read: `{"id", "why"}`, to be
/// answered with an `InvalidRequest` error.
pub const MALFORMED: &str = "gamec/malformedRequest";

/// A message body longer than this is read past, not kept (a `.game` file is at most 1 MiB).
pub const MAX_MESSAGE: usize = 64 << 20;
/// A header line longer than this is not a header.
const MAX_HEADER: u64 = 8 << 10;

/// What one frame of the input holds.
#[derive(Debug)]
pub enum Frame {
    Message(Message),
    /// Not a message: why, and the id of the request it seems to be, if any.
    Malformed(String, Option<RequestId>),
    /// The end of the input.
    End,
}

/// Reads one frame: headers up to an empty line, then `Content-Length` bytes of JSON. Bytes that
/// are no header (stray bytes between two messages, or the rest of a body longer than its
/// `Content-Length` said) are added to `skipped`, and reading resynchronises on the next
/// `Content-Length` header, even one in the middle of a line.
pub fn read_frame<R: BufRead>(r: &mut R, skipped: &mut Vec<u8>) -> io::Result<Frame> {
    let mut length: Option<usize> = None;
    let mut problem: Option<String> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = r.by_ref().take(MAX_HEADER).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Frame::End);
        }
        if line.last() != Some(&b'\n') {
            if (n as u64) < MAX_HEADER {
                return Ok(Frame::End);
            }
            problem = Some("a header line is too long".to_string());
            continue;
        }
        if let Some(k) = find_content_length(&line).filter(|&k| k > 0) {
            // What came before belongs to no message: the frame starts here.
            skipped.extend(line.drain(..k));
            (length, problem) = (None, None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        // A header's name is a word of letters, digits and dashes; anything else is stray.
        let header = text.split_once(':').filter(|(name, _)| {
            let name = name.trim();
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
        let Some((name, value)) = header else {
            skipped.extend(&line);
            continue;
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().ok();
            if length.is_none() {
                problem = Some(format!("bad Content-Length `{}`", value.trim()));
            }
        }
    }
    let Some(len) = length else {
        let why = problem.unwrap_or_else(|| "a message without Content-Length".to_string());
        return Ok(Frame::Malformed(why, None));
    };
    if len > MAX_MESSAGE {
        io::copy(&mut r.by_ref().take(len as u64), &mut io::sink())?;
        return Ok(Frame::Malformed(format!("a message of {len} bytes"), None));
    }
    let mut body = vec![0; len];
    if let Err(e) = r.read_exact(&mut body) {
        return match e.kind() {
            io::ErrorKind::UnexpectedEof => Ok(Frame::End),
            _ => Err(e),
        };
    }
    Ok(message(&body))
}

/// Where a `Content-Length` header (any case) starts in a line.
fn find_content_length(line: &[u8]) -> Option<usize> {
    const NAME: &[u8] = b"content-length";
    line.windows(NAME.len())
        .position(|w| w.eq_ignore_ascii_case(NAME))
}

/// What was skipped, for the log: its length and its first bytes, escaped.
pub fn describe_skipped(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(60)]);
    let more = if bytes.len() > 60 { "..." } else { "" };
    format!(
        "{} stray bytes \"{}\"{more}",
        bytes.len(),
        text.escape_debug()
    )
}

/// The message a frame's body holds. Anything with a `method` is a request (with an `id`) or a
/// notification, never a response (which, untagged, would take any object with an `id`).
fn message(body: &[u8]) -> Frame {
    let v: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return Frame::Malformed(format!("not JSON: {e}"), None),
    };
    let parsed = match (v.get("method"), v.get("id")) {
        (Some(_), Some(_)) => serde_json::from_value(v.clone()).map(Message::Request),
        (Some(_), None) => serde_json::from_value(v.clone()).map(Message::Notification),
        (None, _) => serde_json::from_value(v.clone()).map(Message::Response),
    };
    match parsed {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Malformed(format!("not a JSON-RPC message: {e}"), request_id(&v)),
    }
}

/// The id of what looks like a request (an object with a `method`), to answer it with an error.
fn request_id(v: &serde_json::Value) -> Option<RequestId> {
    v.get("method")?;
    match v.get("id")? {
        serde_json::Value::String(s) => Some(RequestId::from(s.clone())),
        serde_json::Value::Number(n) => Some(RequestId::from(i32::try_from(n.as_i64()?).ok()?)),
        _ => None,
    }
}

/// The server's end of a connection over stdin and stdout, and the thread that writes (join it
/// after dropping the connection, so that every reply is written). `log` gets each skipped
/// message's problem.
pub fn stdio(log: fn(&str)) -> io::Result<(Connection, JoinHandle<()>)> {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    std::thread::Builder::new()
        .name("lsp-reader".to_string())
        .spawn(move || {
            let stdin = io::stdin();
            let mut input = stdin.lock();
            let mut skipped = Vec::new();
            loop {
                let frame = read_frame(&mut input, &mut skipped);
                if !skipped.is_empty() {
                    log(&format!(
                        "gamec lsp: skipped {} before a message\n",
                        describe_skipped(&skipped)
                    ));
                    skipped.clear();
                }
                match frame {
                    Ok(Frame::Message(m)) => {
                        let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                        if sender.send(m).is_err() || exit {
                            break;
                        }
                    }
                    Ok(Frame::Malformed(why, id)) => {
                        log(&format!("gamec lsp: skipped a message: {why}\n"));
                        // A request still gets an answer: the server makes it.
                        if let Some(id) = id {
                            let params = serde_json::json!({ "id": id, "why": why });
                            let n = Notification {
                                method: MALFORMED.to_string(),
                                params,
                            };
                            if sender.send(Message::Notification(n)).is_err() {
                                break;
                            }
                        }
                    }
                    Ok(Frame::End) | Err(_) => break,
                }
            }
        })?;
    let writer = std::thread::Builder::new()
        .name("lsp-writer".to_string())
        .spawn(move || {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            for m in receiver {
                if m.write(&mut out).and_then(|_| out.flush()).is_err() {
                    break;
                }
            }
        })?;
    Ok((server, writer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str) -> Frame {
        let mut skipped = Vec::new();
        let f = read_frame(&mut text.as_bytes(), &mut skipped).unwrap();
        assert!(skipped.is_empty(), "{skipped:?}");
        f
    }

    /// Stray bytes before a header, or a line of them, are skipped and the frame after them read.
    #[test]
    fn stray_bytes_are_skipped_up_to_the_next_header() {
        let ok = "Content-Length: 37\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}";
        for (stray, text) in [("xy", "xy"), ("{\"a\": 1}\r\n", "{\"a\": 1}\r\n")] {
            let mut skipped = Vec::new();
            let input = format!("{stray}{ok}");
            let f = read_frame(&mut input.as_bytes(), &mut skipped).unwrap();
            assert!(matches!(f, Frame::Message(Message::Request(r)) if r.method == "x"));
            assert_eq!(skipped, text.as_bytes());
        }
        assert_eq!(describe_skipped(b"x\r\n"), "3 stray bytes \"x\\r\\n\"");
    }

    #[test]
    fn frames_are_read_or_skipped() {
        let ok = "Content-Length: 37\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}";
        assert!(matches!(frame(ok), Frame::Message(Message::Request(r)) if r.method == "x"));
        let bad = "Content-Length: 35\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":7}";
        match frame(bad) {
            Frame::Malformed(_, id) => assert_eq!(id, Some(RequestId::from(5))),
            f => panic!("{f:?}"),
        }
        assert!(matches!(
            frame("Content-Length: 2\r\n\r\n{x"),
            Frame::Malformed(_, None)
        ));
        assert!(matches!(frame("\r\n"), Frame::Malformed(_, None)));
        assert!(matches!(frame("Content-Length: 99\r\n\r\n{}"), Frame::End));
        assert!(matches!(frame(""), Frame::End));
        // A huge length is read past, not allocated.
        let huge = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE + 1);
        assert!(matches!(frame(&huge), Frame::Malformed(_, None)));
    }
}
