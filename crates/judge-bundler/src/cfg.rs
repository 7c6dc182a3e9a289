//! `#[cfg(...)]` as the judge evaluates it: `rustc --edition 2021 -O` with no `--test`, no
//! features and no debug assertions. Anything else (`unix`, `target_os`) is left to rustc.

use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};

/// What a cfg predicate is on the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    /// Always on.
    True,
    /// Always off: the item is not compiled.
    False,
    /// Depends on the judge's machine: rustc decides.
    Unknown,
}

/// Evaluates one predicate.
pub fn eval(meta: &Meta) -> Truth {
    match meta {
        Meta::Path(path) => {
            let off = ["test", "debug_assertions", "doc", "doctest", "miri"];
            if off.iter().any(|name| path.is_ident(name)) {
                Truth::False
            } else {
                Truth::Unknown
            }
        }
        Meta::NameValue(nv) if nv.path.is_ident("feature") => Truth::False,
        Meta::NameValue(_) => Truth::Unknown,
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return Truth::Unknown;
            };
            let truths: Vec<Truth> = args.iter().map(eval).collect();
            if list.path.is_ident("not") {
                match truths.as_slice() {
                    [Truth::True] => Truth::False,
                    [Truth::False] => Truth::True,
                    _ => Truth::Unknown,
                }
            } else if list.path.is_ident("any") {
                if truths.contains(&Truth::True) {
                    Truth::True
                } else if truths.iter().all(|t| *t == Truth::False) {
                    Truth::False
                } else {
                    Truth::Unknown
                }
            } else if list.path.is_ident("all") {
                if truths.contains(&Truth::False) {
                    Truth::False
                } else if truths.iter().all(|t| *t == Truth::True) {
                    Truth::True
                } else {
                    Truth::Unknown
                }
            } else {
                Truth::Unknown
            }
        }
    }
}

/// Whether the judge never compiles an item with these attributes: a `#[cfg]` that is false,
/// or a test or bench function.
pub fn is_off(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        if attr.path().is_ident("test") || attr.path().is_ident("bench") {
            return true;
        }
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<Meta>()
                .is_ok_and(|meta| eval(&meta) == Truth::False)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn truth(predicate: &str) -> Truth {
        eval(&syn::parse_str::<Meta>(predicate).unwrap())
    }

    #[test]
    fn predicates_evaluate_like_the_judge() {
        assert_eq!(truth("test"), Truth::False);
        assert_eq!(truth("feature = \"tools\""), Truth::False);
        assert_eq!(truth("debug_assertions"), Truth::False);
        assert_eq!(truth("not(test)"), Truth::True);
        assert_eq!(truth("not(debug_assertions)"), Truth::True);
        assert_eq!(truth("any(test, feature = \"x\")"), Truth::False);
        assert_eq!(truth("any(test, unix)"), Truth::Unknown);
        assert_eq!(truth("any(not(test), unix)"), Truth::True);
        assert_eq!(truth("all(not(test), unix)"), Truth::Unknown);
        assert_eq!(truth("all(unix, test)"), Truth::False);
        assert_eq!(truth("target_os = \"linux\""), Truth::Unknown);
        assert_eq!(truth("not(target_os = \"linux\")"), Truth::Unknown);
    }
}
