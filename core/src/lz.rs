//! A small LZ77 compressor for the app's share links. Editor text is YAML with many repeated keys
//! and indentation, so back-references alone shrink it several times; a deflate crate would add
//! tens of kilobytes of wasm for a few percent more. It lives in the core, beside the reader, so
//! that the fuzz target `share_link` holds its decompressor, which reads untrusted links.
//!
//! Format: a sequence of `varint(literal count), literals, varint(match length), varint(distance)`
//! groups; the stream may end right after a group's literals. Matches are at least [`MIN_MATCH`] long.

const MIN_MATCH: usize = 4;
const MAX_DISTANCE: usize = 1 << 16;
const HASH_BITS: u32 = 14;
/// Decoded output larger than this is refused, so a crafted link cannot exhaust memory.
pub const MAX_OUTPUT: usize = 8 << 20;

pub fn compress(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() / 2 + 8);
    let mut table = vec![usize::MAX; 1 << HASH_BITS];
    let mut literal_start = 0;
    let mut at = 0;
    while at + MIN_MATCH <= input.len() {
        let slot = hash(&input[at..at + MIN_MATCH]);
        let candidate = table[slot];
        table[slot] = at;
        if candidate != usize::MAX
            && at - candidate <= MAX_DISTANCE
            && input[candidate..candidate + MIN_MATCH] == input[at..at + MIN_MATCH]
        {
            let mut length = MIN_MATCH;
            while at + length < input.len() && input[candidate + length] == input[at + length] {
                length += 1;
            }
            write_varint(&mut out, at - literal_start);
            out.extend_from_slice(&input[literal_start..at]);
            write_varint(&mut out, length);
            write_varint(&mut out, at - candidate);
            // Index a few positions inside the match so later repeats find it.
            for inside in (at + 1..at + length).step_by(3) {
                if inside + MIN_MATCH <= input.len() {
                    table[hash(&input[inside..inside + MIN_MATCH])] = inside;
                }
            }
            at += length;
            literal_start = at;
        } else {
            at += 1;
        }
    }
    write_varint(&mut out, input.len() - literal_start);
    out.extend_from_slice(&input[literal_start..]);
    out
}

pub fn decompress(input: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        let literals = read_varint(input, &mut at)?;
        let end = at
            .checked_add(literals)
            .filter(|end| *end <= input.len())
            .ok_or("the link is truncated")?;
        out.extend_from_slice(&input[at..end]);
        at = end;
        if at == input.len() {
            return Ok(out);
        }
        let length = read_varint(input, &mut at)?;
        let distance = read_varint(input, &mut at)?;
        if distance == 0 || distance > out.len() || length < MIN_MATCH {
            return Err("the link is damaged".to_string());
        }
        if out.len().saturating_add(length) > MAX_OUTPUT {
            return Err("the link's content is too large".to_string());
        }
        let from = out.len() - distance;
        for index in 0..length {
            let byte = out[from + index];
            out.push(byte);
        }
    }
}

fn hash(bytes: &[u8]) -> usize {
    let word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    (word.wrapping_mul(2_654_435_761) >> (32 - HASH_BITS)) as usize
}

fn write_varint(out: &mut Vec<u8>, mut value: usize) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn read_varint(input: &[u8], at: &mut usize) -> Result<usize, String> {
    let mut value: usize = 0;
    for shift in (0..35).step_by(7) {
        let byte = *input.get(*at).ok_or("the link is truncated")?;
        *at += 1;
        value |= usize::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err("the link is damaged".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_shrinks_repetitive_text() {
        let text = shoot_policy::examples::DEFAULT.cloud_profile.repeat(3);
        let packed = compress(text.as_bytes());
        assert!(
            packed.len() * 3 < text.len(),
            "{} of {}",
            packed.len(),
            text.len()
        );
        assert_eq!(decompress(&packed).unwrap(), text.as_bytes());
    }

    #[test]
    fn round_trips_edge_cases() {
        for input in [
            &b""[..],
            b"a",
            b"aaaaaaaaaaaaaaaaaaaaaaa",
            b"abcabcabcabcx",
            "ü€😀ü€😀ü€😀".as_bytes(),
        ] {
            assert_eq!(decompress(&compress(input)).unwrap(), input);
        }
    }

    #[test]
    fn damaged_input_is_an_error_not_a_panic() {
        assert!(decompress(&[5, b'a']).is_err());
        assert!(decompress(&[1, b'a', 4, 9]).is_err());
        assert!(decompress(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).is_err());
        assert!(decompress(&[1, b'a', 0xff, 0xff, 0xff, 0x7f, 1]).is_err());
    }
}
