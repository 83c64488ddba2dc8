//! The share link: the editors' text in the URL fragment, which browsers never send to a server.
//!
//! `#s1.<base64url(lz(json))>`: JSON of [`Inputs`], compressed with [`crate::lz`], in unpadded
//! base64url so the fragment needs no escaping.

use crate::inputs::Inputs;
use shoot_policy::lz;

const PREFIX: &str = "s1.";

/// The fragment (without `#`) that carries `inputs`.
pub fn encode(inputs: &Inputs) -> String {
    let json = serde_json::to_vec(inputs).unwrap_or_default();
    format!("{PREFIX}{}", base64url_encode(&lz::compress(&json)))
}

/// Reads a fragment made by [`encode`]; `None` when the fragment is not a share link at all.
pub fn decode(fragment: &str) -> Option<Result<Inputs, String>> {
    let payload = fragment.trim_start_matches('#').strip_prefix(PREFIX)?;
    Some(
        base64url_decode(payload)
            .and_then(|packed| lz::decompress(&packed))
            .and_then(|json| {
                shoot_policy::decode::from_json(&json)
                    .map_err(|e| format!("the link is damaged: {e}"))
            }),
    )
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, b)| word | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(word >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

pub fn base64url_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut word = 0u32;
    let mut bits = 0;
    for c in text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
    {
        let value = ALPHABET
            .iter()
            .position(|a| *a == c)
            .ok_or("the link contains characters a share link never has")?;
        word = word << 6 | value as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((word >> bits) as u8);
            word &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_the_rfc_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(plain.as_bytes()), encoded);
            assert_eq!(base64url_decode(encoded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn inputs_round_trip_through_the_fragment() {
        let inputs = Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let fragment = encode(&inputs);
        assert!(fragment.len() < 4000, "{}", fragment.len());
        assert_eq!(decode(&format!("#{fragment}")).unwrap().unwrap(), inputs);
    }

    #[test]
    fn foreign_or_damaged_fragments() {
        assert!(decode("#section-2").is_none());
        assert!(decode("#s1.!!!").unwrap().is_err());
        assert!(decode("#s1.AAAA").unwrap().is_err());
    }
}
