//! Small readers over a parsed page: an element's text as the browser shows it, selectors.

use scraper::{ElementRef, Html, Node, Selector};

/// A selector written in this crate's code (so known to be valid).
pub fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("selector {css:?}: {e}"))
}

/// The first element matching `css`.
pub fn first<'a>(page: &'a Html, css: &str) -> Option<ElementRef<'a>> {
    page.select(&selector(css)).next()
}

/// The value of `attribute` on the first element matching `css`.
pub fn attribute(page: &Html, css: &str, attribute: &str) -> Option<String> {
    page.select(&selector(css))
        .find_map(|e| e.value().attr(attribute).map(str::to_string))
}

/// The text of `element` exactly as shown: entities decoded (by the parser), nested tags
/// read through, `<br>` as a line break, a no-break space as a space; nothing trimmed.
pub fn exact_text(element: ElementRef<'_>) -> String {
    let mut text = String::new();
    push_text(element, &mut text);
    text.replace('\u{a0}', " ")
}

fn push_text(element: ElementRef<'_>, out: &mut String) {
    for child in element.children() {
        match child.value() {
            Node::Text(text) => out.push_str(text),
            Node::Element(e) if e.name() == "br" => out.push('\n'),
            Node::Element(_) => {
                if let Some(inner) = ElementRef::wrap(child) {
                    push_text(inner, out);
                }
            }
            _ => {}
        }
    }
}

/// The text of `element` on one line: [`exact_text`] with each run of whitespace one space,
/// trimmed.
pub fn line_text(element: ElementRef<'_>) -> String {
    exact_text(element)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
