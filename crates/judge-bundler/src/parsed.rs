//! Source text parsed once: the bundler reads the same text (a crate, a module file) in many
//! passes, and the tests bundle hundreds of problems over the same library in one process.
//! A parse is kept per thread, by the text itself, and shared.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// How many parsed texts a thread keeps before it starts over (a bundle holds a few dozen).
const KEPT: usize = 512;

thread_local! {
    static PARSED: RefCell<HashMap<String, Rc<syn::File>>> = RefCell::new(HashMap::new());
}

/// `syn::parse_file(text)`, parsed once per thread for the same text.
pub fn parse_file(text: &str) -> syn::Result<Rc<syn::File>> {
    if let Some(file) = PARSED.with(|p| p.borrow().get(text).cloned()) {
        return Ok(file);
    }
    let file = Rc::new(syn::parse_file(text)?);
    PARSED.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() >= KEPT {
            p.clear();
        }
        p.insert(text.to_string(), Rc::clone(&file));
    });
    Ok(file)
}

/// [`parse_file`] for text the bundler made or read: a failure is an error saying where in
/// `text` (the caller names the file).
pub fn parse(text: &str) -> anyhow::Result<Rc<syn::File>> {
    parse_file(text).map_err(|e| {
        let at = e.span().start();
        anyhow::anyhow!(
            "does not parse (line {}, column {}): {e}",
            at.line,
            at.column + 1
        )
    })
}
