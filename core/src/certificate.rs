//! Gardener's `utils.DecodeCertificate`, which the CloudProfile validation applies to `caBundle`:
//! the first PEM block that Go's `encoding/pem` finds must hold an X.509 certificate.
//!
//! The block is found as `pem.Decode` finds it (a `BEGIN` line at a line start, optional headers,
//! standard base64 with padding, an `END` line of the same type). The certificate is checked for
//! its DER outline, a sequence of exactly the signed part, the signature algorithm and the
//! signature bits with nothing after it, where Go's `x509.ParseCertificate` reads every field: a
//! block of another kind (a key, a request) fails both, a corrupted certificate body may pass here.

/// Whether `text` starts, after anything that is not a PEM block, with a PEM-encoded certificate.
pub fn decodes_as_certificate(text: &str) -> bool {
    first_pem_block(text.as_bytes()).is_some_and(|der| has_certificate_outline(&der))
}

const BEGIN: &[u8] = b"-----BEGIN ";
const END: &[u8] = b"-----END ";
const DASHES: &[u8] = b"-----";

/// The bytes of the first well-formed PEM block, as `pem.Decode` finds it.
fn first_pem_block(data: &[u8]) -> Option<Vec<u8>> {
    let mut rest = data;
    loop {
        rest = if let Some(after) = rest.strip_prefix(BEGIN) {
            after
        } else {
            let at = find(rest, b"\n-----BEGIN ")?;
            &rest[at + 1 + BEGIN.len()..]
        };
        let (type_line, next) = line(rest);
        let Some(block_type) = type_line.strip_suffix(DASHES) else {
            continue;
        };
        rest = next;
        let mut headers = false;
        loop {
            if rest.is_empty() {
                return None;
            }
            let (header, next) = line(rest);
            if !header.contains(&b':') {
                break;
            }
            headers = true;
            rest = next;
        }
        let (end, trailer_at) = if !headers && rest.starts_with(END) {
            (0, END.len())
        } else {
            match find(rest, b"\n-----END ") {
                Some(at) => (at, at + 1 + END.len()),
                None => continue,
            }
        };
        let trailer = &rest[trailer_at..];
        let trailer_length = block_type.len() + DASHES.len();
        if trailer.len() < trailer_length {
            continue;
        }
        let (trailer, after) = trailer.split_at(trailer_length);
        if !trailer.starts_with(block_type)
            || !trailer.ends_with(DASHES)
            || !line(after).0.is_empty()
        {
            continue;
        }
        let body: Vec<u8> = (rest[..end].iter())
            .filter(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .copied()
            .collect();
        if let Some(bytes) = decode_base64(&body) {
            return Some(bytes);
        }
    }
}

/// The first line (without its line break and trailing blanks) and what follows it.
fn line(data: &[u8]) -> (&[u8], &[u8]) {
    let (mut text, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &data[data.len()..]),
    };
    text = text.strip_suffix(b"\r").unwrap_or(text);
    while let [head @ .., b' ' | b'\t'] = text {
        text = head;
    }
    (text, rest)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// Standard base64 with padding, as `base64.StdEncoding` decodes it.
fn decode_base64(text: &[u8]) -> Option<Vec<u8>> {
    if text.len() % 4 != 0 {
        return None;
    }
    let value = |b: u8| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let quads = text.len() / 4;
    for (index, quad) in text.chunks(4).enumerate() {
        let padding = quad.iter().rev().take_while(|&&b| b == b'=').count();
        if padding > 2 || (padding > 0 && index + 1 != quads) {
            return None;
        }
        let mut group = 0u32;
        for &b in &quad[..4 - padding] {
            group = group << 6 | u32::from(value(b)?);
        }
        group <<= 6 * padding as u32;
        let decoded = group.to_be_bytes();
        bytes.extend_from_slice(&decoded[1..4 - padding]);
    }
    Some(bytes)
}

/// A DER `Certificate`: a sequence of two sequences and a bit string, and nothing after it.
fn has_certificate_outline(der: &[u8]) -> bool {
    let Some((0x30, content, [])) = element(der) else {
        return false;
    };
    let Some((0x30, _, rest)) = element(content) else {
        return false;
    };
    let Some((0x30, _, rest)) = element(rest) else {
        return false;
    };
    matches!(element(rest), Some((0x03, _, [])))
}

/// One DER element: its tag, its contents and the bytes after it. Lengths in the shortest form.
fn element(data: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = data.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (length, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        let count = usize::from(first & 0x7f);
        if !(1..=4).contains(&count) || rest.len() < count || rest[0] == 0 {
            return None;
        }
        let length = (rest[..count].iter()).fold(0usize, |n, &b| n << 8 | usize::from(b));
        if length < 0x80 {
            return None;
        }
        (length, &rest[count..])
    };
    (rest.len() >= length).then(|| (tag, &rest[..length], &rest[length..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A self-signed certificate generated for these tests.
    const CERTIFICATE: &str = concat!(
        "-----BEGIN CERTIFICATE-----\n",
        "MIIBkzCCATmgAwIBAgIUJIQru5yH2gimRrytvCo3pk0ciIIwCgYIKoZIzj0EAwIw\n",
        "HzEdMBsGA1UEAwwUc2hvb3QtcG9saWN5LXRlc3QtY2EwHhcNMjYxMTI0MDg0MDI5\n",
        "WhcNMzYxMTIxMDg0MDI5WjAfMR0wGwYDVQQDDBRzaG9vdC1wb2xpY3ktdGVzdC1j\n",
        "YTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABEEz0Y22gg4g8YGRg91Xhk9CAjOF\n",
        "UBmgNMemry4bpA2RWQU0xZicVSLVTiZOCYQcnYtPbjeB18kv0l7HaOzfS+qjUzBR\n",
        "MB0GA1UdDgQWBBRY23IBWILkgHvFJe2wdQFnfCzvejAfBgNVHSMEGDAWgBRY23IB\n",
        "WILkgHvFJe2wdQFnfCzvejAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gA\n",
        "MEUCIA035TNjX+8MfOLqWlQt6JZn6vznw5TwuTHVhrWYmkWmAiEA4IaUKkXmUjqS\n",
        "1VTsmDJuy+41EU1Cxw2RJdsQ+dkIhXk=\n",
        "-----END CERTIFICATE-----\n",
    );
    /// Its public key: a PEM block, but no certificate.
    const PUBLIC_KEY: &str = concat!(
        "-----BEGIN PUBLIC KEY-----\n",
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEQTPRjbaCDiDxgZGD3VeGT0ICM4VQ\n",
        "GaA0x6avLhukDZFZBTTFmJxVItVOJk4JhBydi09uN4HXyS/SXsdo7N9L6g==\n",
        "-----END PUBLIC KEY-----\n",
    );

    #[test]
    fn a_certificate_decodes_and_other_texts_do_not() {
        assert!(decodes_as_certificate(CERTIFICATE));
        assert!(decodes_as_certificate(&format!(
            "junk before\n{CERTIFICATE}\ntrailing text"
        )));
        assert!(decodes_as_certificate(&CERTIFICATE.replace('\n', "\r\n")));
        for text in ["unsupported", "", PUBLIC_KEY] {
            assert!(!decodes_as_certificate(text), "{text:?}");
        }
        let mismatched_end = CERTIFICATE.replace("END CERTIFICATE", "END KEY");
        assert!(!decodes_as_certificate(&mismatched_end));
        let lines: Vec<&str> = CERTIFICATE.lines().collect();
        let truncated = format!("{}\n{}\n{}", lines[0], lines[1], lines[lines.len() - 1]);
        assert!(!decodes_as_certificate(&truncated));
        let bad_base64 = CERTIFICATE.replacen('M', "*", 1);
        assert!(!decodes_as_certificate(&bad_base64));
    }

    #[test]
    fn base64_follows_the_standard_encoding_with_padding() {
        assert_eq!(decode_base64(b"aGk="), Some(b"hi".to_vec()));
        assert_eq!(decode_base64(b"aGlo"), Some(b"hih".to_vec()));
        assert_eq!(decode_base64(b"aA=="), Some(b"h".to_vec()));
        assert_eq!(decode_base64(b"aGk"), None);
        assert_eq!(decode_base64(b"a===",), None);
        assert_eq!(decode_base64(b"aA==aGlo"), None);
    }
}
