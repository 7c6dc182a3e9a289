//! Bytes of a saved or fetched page as text, in the encoding the page declares.

use encoding_rs::{Encoding, UTF_8};

/// How far into a page its `<meta charset>` is looked for (browsers look at the first 1024
/// bytes; pages saved by hand may carry a longer head).
const PRESCAN_BYTES: usize = 64 * 1024;

/// The page as text: a byte-order mark first, then the HTTP header's charset (when fetched),
/// then the page's own `<meta charset>` or `http-equiv` declaration, else UTF-8.
///
/// ```
/// let euc_kr = b"<meta charset=\"euc-kr\"><p>\xbf\xb9\xc1\xa6</p>";
/// assert_eq!(judge_cli::page::decode::decode(euc_kr, None), "<meta charset=\"euc-kr\"><p>예제</p>");
/// ```
pub fn decode(bytes: &[u8], header_charset: Option<&str>) -> String {
    let declared = header_charset
        .and_then(|label| Encoding::for_label(label.trim().as_bytes()))
        .or_else(|| meta_charset(bytes))
        .unwrap_or(UTF_8);
    // `decode` lets a byte-order mark override the declaration, as browsers do.
    declared.decode(bytes).0.into_owned()
}

/// The encoding named by the first `<meta ...charset=...>` tag in the page's head.
fn meta_charset(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = bytes[..bytes.len().min(PRESCAN_BYTES)].to_ascii_lowercase();
    let mut rest = &head[..];
    while let Some(at) = find(rest, b"<meta") {
        let tag = &rest[at..];
        let end = tag.iter().position(|&b| b == b'>').unwrap_or(tag.len());
        let tag = &tag[..end];
        if let Some(label) = charset_in(tag) {
            if let Some(encoding) = Encoding::for_label(label) {
                // A page saved in UTF-16 is not read as bytes with that meta (HTML spec).
                return Some(encoding.output_encoding());
            }
        }
        rest = &rest[at + 5..];
    }
    None
}

/// The value after `charset=` in one tag, without quotes.
fn charset_in(tag: &[u8]) -> Option<&[u8]> {
    let at = find(tag, b"charset")? + b"charset".len();
    let value = tag[at..].strip_prefix(b"=").or_else(|| {
        let trimmed = tag[at..].trim_ascii_start();
        trimmed.strip_prefix(b"=")
    })?;
    let value = value.trim_ascii_start();
    let value = value
        .strip_prefix(b"\"")
        .or_else(|| value.strip_prefix(b"'"))
        .unwrap_or(value);
    let end = value
        .iter()
        .position(|&b| matches!(b, b'"' | b'\'' | b';' | b' ' | b'/' | b'>'))
        .unwrap_or(value.len());
    (end > 0).then(|| &value[..end])
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_in_every_usual_form_are_read() {
        let korean = encoding_rs::EUC_KR.encode("정답").0.into_owned();
        for head in [
            "<meta charset=euc-kr>",
            "<META CHARSET='EUC-KR'>",
            "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-kr\">",
            "<meta name=x><meta http-equiv=content-type content='text/html;charset=ks_c_5601-1987'>",
        ] {
            let mut page = head.as_bytes().to_vec();
            page.extend_from_slice(&korean);
            assert!(decode(&page, None).ends_with("정답"), "{head}");
        }
    }

    #[test]
    fn the_header_wins_over_nothing_and_a_bom_wins_over_all() {
        let korean = encoding_rs::EUC_KR.encode("정답").0.into_owned();
        assert_eq!(decode(&korean, Some("EUC-KR")), "정답");
        let mut bom = b"\xef\xbb\xbf".to_vec();
        bom.extend_from_slice("<meta charset=euc-kr>정답".as_bytes());
        assert_eq!(decode(&bom, Some("euc-kr")), "<meta charset=euc-kr>정답");
        assert_eq!(decode("정답".as_bytes(), None), "정답");
    }
}
