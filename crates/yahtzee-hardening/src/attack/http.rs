//! HTTP over plain sockets: one request at a time from a chosen loopback address, the
//! response read whole (a malformed or slow stream is written as it is).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

/// A response as read off the wire.
#[derive(Debug)]
pub(super) struct Response {
    pub(super) status: u16,
    pub(super) retry_after: Option<String>,
    pub(super) body: Vec<u8>,
}

/// Connects to `addr` from `from` (a loopback address; `None`: the system's choice).
pub(super) fn connect(addr: SocketAddr, from: Option<Ipv4Addr>) -> io::Result<TcpStream> {
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        Some(socket2::Protocol::TCP),
    )?;
    if let Some(ip) = from {
        assert!(ip.is_loopback(), "the attack only comes from loopback");
        socket.bind(&SocketAddr::new(IpAddr::V4(ip), 0).into())?;
    }
    socket.connect_timeout(&addr.into(), Duration::from_secs(5))?;
    let stream: TcpStream = socket.into();
    stream.set_nodelay(true)?;
    Ok(stream)
}

pub(super) fn why(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => "timed out".into(),
        io::ErrorKind::ConnectionReset => "reset".into(),
        io::ErrorKind::ConnectionAborted => "aborted".into(),
        io::ErrorKind::BrokenPipe => "broken pipe".into(),
        io::ErrorKind::ConnectionRefused => "refused".into(),
        io::ErrorKind::UnexpectedEof => "closed mid-response".into(),
        _ => e.to_string(),
    }
}

/// A request's bytes: `method path`, a JSON body, `Connection: close` unless kept alive.
pub(super) fn request(method: &str, path: &str, body: &[u8], keep_alive: bool) -> Vec<u8> {
    let mut out = format!(
        "{method} {path} HTTP/1.1\r\nHost: attack\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{}\r\n",
        body.len(),
        if keep_alive { "" } else { "Connection: close\r\n" }
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

/// Reads one response (status line, headers, a body by length, chunks or to the end).
pub(super) fn read_response(reader: &mut impl BufRead) -> Result<Response, String> {
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(0) => return Err("closed".into()),
        Ok(_) => {}
        Err(e) => return Err(why(&e)),
    }
    let status: u16 = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not a status line: {:?}", line.trim_end()))?;
    let (mut length, mut chunked, mut retry_after) = (None, false, None);
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => return Err("closed mid-headers".into()),
            Ok(_) => {}
            Err(e) => return Err(why(&e)),
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let Some((name, value)) = l.split_once(':') else {
            return Err(format!("bad header line {l:?}"));
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.parse::<usize>().ok(),
            "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
            "retry-after" => retry_after = Some(value.to_owned()),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line).map_err(|e| why(&e))?;
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
                .map_err(|_| format!("bad chunk size {:?}", line.trim()))?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).map_err(|e| why(&e))?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(n) = length {
        body.resize(n.min(16 << 20), 0);
        reader.read_exact(&mut body).map_err(|e| why(&e))?;
    } else if !(status < 200 || status == 204 || status == 304) {
        reader
            .take(16 << 20)
            .read_to_end(&mut body)
            .map_err(|e| why(&e))?;
    }
    Ok(Response {
        status,
        retry_after,
        body,
    })
}

/// One request on a fresh connection from `from`: `bytes` written (then the writing half
/// shut when `shut`), the response read within `timeout`.
pub(super) fn exchange(
    addr: SocketAddr,
    from: Option<Ipv4Addr>,
    bytes: &[u8],
    shut: bool,
    timeout: Duration,
) -> Result<Response, String> {
    let stream = connect(addr, from).map_err(|e| format!("connect: {}", why(&e)))?;
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(|e| why(&e))?;
    let written = (&stream).write_all(bytes);
    if shut {
        let _ = stream.shutdown(Shutdown::Write);
    }
    // A server may answer (413) and close before taking everything: read what it said.
    let answer = read_response(&mut BufReader::new(&stream));
    match (answer, written) {
        (Ok(r), _) => Ok(r),
        (Err(e), Err(w)) => Err(format!("{e} (writing: {})", why(&w))),
        (Err(e), Ok(())) => Err(e),
    }
}

pub(super) fn post(path: &str, body: &str) -> Vec<u8> {
    request("POST", path, body.as_bytes(), false)
}

/// A keep-alive connection of the advice probe.
pub(super) struct Conn {
    pub(super) stream: TcpStream,
    pub(super) reader: BufReader<TcpStream>,
}

impl Conn {
    pub(super) fn open(addr: SocketAddr) -> Result<Conn, String> {
        let stream = connect(addr, None).map_err(|e| format!("connect: {}", why(&e)))?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .and_then(|()| stream.set_write_timeout(Some(Duration::from_secs(10))))
            .map_err(|e| why(&e))?;
        let reader = BufReader::new(stream.try_clone().map_err(|e| why(&e))?);
        Ok(Conn { stream, reader })
    }

    pub(super) fn ask(&mut self, bytes: &[u8]) -> Result<Response, String> {
        self.stream.write_all(bytes).map_err(|e| why(&e))?;
        read_response(&mut self.reader)
    }
}
