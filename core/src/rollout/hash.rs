//! The hashing scheme Gardener uses for node-agent secret names and worker-pool hashes, and the Go
//! renderings of values that enter those hashes.
//!
//! Gardener (`utils.ComputeSHA256Hex`) hashes every data element on its own, concatenates the lowercase
//! hex digests and hashes that concatenation again; callers keep a prefix of the final digest
//! (16 hex characters for the OSC key and the in-place hash, 5 for the extension's pool hash).

use chrono::{DateTime, Utc};

/// SHA-256 of `data` as 64 lowercase hex characters (`utils.ComputeSHA256Hex`).
pub fn sha256_hex(data: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(64);
    for byte in sha256(data) {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    hex
}

/// Gardener's "hash of the concatenated element hashes", cut to `length` hex characters.
pub fn hash_of_hashes<S: AsRef<str>>(elements: &[S], length: usize) -> String {
    hash_of_element_digests(elements, length, |element| sha256_hex(element.as_bytes()))
}

/// [`hash_of_hashes`] with each element's digest from `element_digest`.
fn hash_of_element_digests<S: AsRef<str>>(
    elements: &[S],
    length: usize,
    mut element_digest: impl FnMut(&str) -> String,
) -> String {
    let concatenated: String = elements
        .iter()
        .map(|element| element_digest(element.as_ref()))
        .collect();
    let digest = sha256_hex(concatenated.as_bytes());
    digest[..length.min(digest.len())].to_string()
}

/// [`hash_of_hashes`] remembering each data list's digest: one evaluation of a Shoot change hashes
/// the same lists again and again (a pool's key and its rolling fingerprint are one hash, unchanged
/// pools hash alike before and after, and pools with equal settings have equal lists), and each
/// hash is two rounds of SHA-256 over every element.
/// The elements repeat across lists too (the machine type, the CRI, the kubelet settings), so
/// their own digests are remembered as well.
#[derive(Default)]
pub(crate) struct Digests {
    lists: std::cell::RefCell<rustc_hash::FxHashMap<Vec<String>, String>>,
    elements: std::cell::RefCell<rustc_hash::FxHashMap<String, String>>,
}

impl Digests {
    pub(crate) fn hash_of_hashes(&self, elements: Vec<String>, length: usize) -> String {
        let mut lists = self.lists.borrow_mut();
        let digest = lists.entry(elements).or_insert_with_key(|elements| {
            let mut known = self.elements.borrow_mut();
            hash_of_element_digests(elements, 64, |element| {
                known
                    .entry(element.to_string())
                    .or_insert_with_key(|element| sha256_hex(element.as_bytes()))
                    .clone()
            })
        });
        digest[..length.min(digest.len())].to_string()
    }
}

/// Parses a `metav1.Time` JSON value (RFC 3339).
pub fn parse_time(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("invalid time {text:?}: {e}"))
}

const ROUND_CONSTANTS: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const INITIAL_STATE: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// FIPS 180-4 SHA-256, written out: the sha2 crate costs 0.9 KB gzip of the npm module, which
/// has little room under its ceiling (see the decision record in `docs/performance.md`).
fn sha256(data: &[u8]) -> [u8; 32] {
    let mut message = data.to_vec();
    let bit_length = (data.len() as u64).wrapping_mul(8);
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bit_length.to_be_bytes());

    let mut state = INITIAL_STATE;
    for block in message.chunks_exact(64) {
        let mut schedule = [0u32; 64];
        for (word, bytes) in schedule.iter_mut().zip(block.chunks_exact(4)) {
            *word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        for i in 16..64 {
            let s0 = schedule[i - 15].rotate_right(7)
                ^ schedule[i - 15].rotate_right(18)
                ^ (schedule[i - 15] >> 3);
            let s1 = schedule[i - 2].rotate_right(17)
                ^ schedule[i - 2].rotate_right(19)
                ^ (schedule[i - 2] >> 10);
            schedule[i] = schedule[i - 16]
                .wrapping_add(s0)
                .wrapping_add(schedule[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = state;
        for i in 0..64 {
            let sum1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let choose = (e & f) ^ (!e & g);
            let temp1 = h
                .wrapping_add(sum1)
                .wrapping_add(choose)
                .wrapping_add(ROUND_CONSTANTS[i])
                .wrapping_add(schedule[i]);
            let sum0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let majority = (a & b) ^ (a & c) ^ (b & c);
            let temp2 = sum0.wrapping_add(majority);
            h = g;
            g = f;
            f = e;
            e = d.wrapping_add(temp1);
            d = c;
            c = b;
            b = a;
            a = temp1.wrapping_add(temp2);
        }
        for (slot, value) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *slot = slot.wrapping_add(value);
        }
    }

    let mut digest = [0u8; 32];
    for (chunk, word) in digest.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest equals the sha2 crate's on every length up to three blocks (each padding
    /// boundary: 55, 56, 63, 64 bytes and their multiples) and on every byte value.
    #[test]
    fn sha256_matches_the_sha2_crate() {
        use sha2::Digest;
        for length in 0..=192 {
            let data: Vec<u8> = (0..length).map(|i| (i * 131 + length * 7) as u8).collect();
            let expected: [u8; 32] = sha2::Sha256::digest(&data).into();
            assert_eq!(sha256(&data), expected, "{length} bytes");
        }
        let every_byte: Vec<u8> = (0..=255).collect();
        let expected: [u8; 32] = sha2::Sha256::digest(&every_byte).into();
        assert_eq!(sha256(&every_byte), expected);
    }

    #[test]
    fn sha256_matches_published_vectors() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    #[test]
    fn in_place_hash_values_asserted_by_gardener() {
        // pkg/gardenlet/operation/botanist/botanist_test.go
        assert_eq!(
            hash_of_hashes(&["1.32", "1592.0", "static"], 16),
            "c6cc5f56a36222bf"
        );
        assert_eq!(
            hash_of_hashes(&["1.31", "1593.0", "none"], 16),
            "8899f1cd0de77a6c"
        );
    }

    #[test]
    fn remembered_digests_are_the_digests() {
        let digests = Digests::default();
        let data = |texts: &[&str]| texts.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        for _ in 0..2 {
            assert_eq!(
                digests.hash_of_hashes(data(&["1.32", "1592.0", "static"]), 16),
                "c6cc5f56a36222bf"
            );
            assert_eq!(
                digests.hash_of_hashes(data(&["1.31", "1593.0", "none"]), 5),
                "8899f"
            );
        }
    }

    #[test]
    fn go_time_rendering() {
        let t = parse_time("2026-01-01T01:30:00+01:00").unwrap();
        assert_eq!(
            crate::rfc3339::go_string(&t),
            "2026-01-01 00:30:00 +0000 UTC"
        );
    }
}
