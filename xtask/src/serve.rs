//! A small static file server for `dist/` on the loopback interface, used by `serve` and by the browser
//! tests. It serves `.wasm` as `application/wasm` and sends the app's Content-Security-Policy. The
//! browser tests also mount other directories under a path prefix (the npm package, a host page).

use crate::{build, Result};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The app's policy: only its own files, no inline script, no eval (wasm needs `wasm-unsafe-eval`).
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
frame-ancestors 'none'; form-action 'none'";

pub fn run(port: u16) -> Result {
    let dist = build::dist()?;
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    println!("shoot-policy is served on http://127.0.0.1:{port}/ (Ctrl-C stops it)");
    serve_forever(listener, Site::new(dist, Vec::new()));
    Ok(())
}

/// Starts serving `dist` on a free loopback port in the background and returns the base URL; each
/// `(prefix, directory)` of `mounts` serves `directory` under `/prefix/`.
pub fn spawn(dist: PathBuf, mounts: Vec<(&'static str, PathBuf)>) -> Result<String> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| e.to_string())?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let site = Site::new(dist, mounts);
    std::thread::spawn(move || serve_forever(listener, site));
    Ok(format!("http://{address}/"))
}

/// The served directories: the root and the mounted ones.
struct Site {
    root: PathBuf,
    mounts: Vec<(&'static str, PathBuf)>,
}

impl Site {
    fn new(root: PathBuf, mounts: Vec<(&'static str, PathBuf)>) -> Arc<Site> {
        Arc::new(Site { root, mounts })
    }

    /// The directory a request path is served from, and the path inside it.
    fn resolve<'a>(&'a self, relative: &'a str) -> (&'a Path, &'a str) {
        for (prefix, directory) in &self.mounts {
            if let Some(rest) = relative
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_prefix('/'))
            {
                return (directory, rest);
            }
        }
        (&self.root, relative)
    }
}

fn serve_forever(listener: TcpListener, site: Arc<Site>) {
    for stream in listener.incoming().flatten() {
        let site = site.clone();
        std::thread::spawn(move || {
            let _ = respond(stream, &site);
        });
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn respond(mut stream: TcpStream, site: &Site) -> std::io::Result<()> {
    let mut request_line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut request_line)?;
    // Drain the headers; the server needs none of them.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let path = request_line.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let (directory, relative) = site.resolve(path.trim_start_matches('/'));
    let file = if relative.is_empty() || relative.ends_with('/') {
        directory.join(relative).join("index.html")
    } else {
        directory.join(relative)
    };
    // Never serve anything outside the served directories.
    let inside = !relative.split('/').any(|part| part == "..");
    let (status, body, kind) = match std::fs::read(&file) {
        Ok(body) if inside => ("200 OK", body, content_type(&file)),
        _ => ("404 Not Found", b"not found".to_vec(), "text/plain"),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Content-Security-Policy: {CONTENT_SECURITY_POLICY}\r\nX-Content-Type-Options: nosniff\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(&body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn get(base_url: &str, path: &str) -> String {
        let address = base_url.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(address).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    }

    #[test]
    fn mounted_directories_are_served_under_their_prefix_and_nothing_outside() {
        let scratch = std::env::temp_dir().join(format!("xtask-serve-{}", std::process::id()));
        let (root, package) = (scratch.join("root"), scratch.join("package"));
        std::fs::create_dir_all(package.join("app")).unwrap();
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("index.html"), "the app").unwrap();
        std::fs::write(package.join("app/app.js"), "the glue").unwrap();
        std::fs::write(scratch.join("secret"), "outside").unwrap();
        let base = spawn(root, vec![("npm/shoot-policy", package)]).unwrap();

        let index = get(&base, "/");
        assert!(index.starts_with("HTTP/1.1 200 OK") && index.ends_with("the app"));
        let glue = get(&base, "/npm/shoot-policy/app/app.js?v=1");
        assert!(glue.contains("Content-Type: text/javascript") && glue.ends_with("the glue"));
        assert!(glue.contains("Content-Security-Policy: default-src 'self'"));
        assert!(get(&base, "/npm/shoot-policyx/app/app.js").starts_with("HTTP/1.1 404"));
        assert!(get(&base, "/npm/shoot-policy/../secret").starts_with("HTTP/1.1 404"));
        std::fs::remove_dir_all(&scratch).unwrap();
    }
}
