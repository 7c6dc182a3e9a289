//! A real headless Chromium stepping through a trace page, for tests: the page is loaded from a
//! file, a script appended to it clicks the page's buttons (`element.click()`) and sends key
//! presses to the document (`keydown` events the page's own handlers receive), and after every
//! action records what the page shows; Chromium (`--dump-dom` with a virtual time budget, so
//! waits cost no real time) prints the page with that record.
//!
//! Chromium is `$CHROMIUM` or `/usr/bin/chromium` (Debian's `chromium` package, which
//! `scripts/test` installs when missing).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// One thing the test does to the page.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// Clicks the element with this id (`prev`, `next`, `play`).
    Click(&'static str),
    /// Presses this key (a `KeyboardEvent.key`: `ArrowRight`, `ArrowLeft`, `Home`, `End`, `" "`).
    Key(&'static str),
    /// Lets this many milliseconds of (virtual) time pass, so that play can advance.
    Wait(u32),
}

/// What the page shows at one moment.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Shown {
    /// The frame counter, e.g. `1 / 4`.
    pub counter: String,
    /// The frame's title.
    pub title: String,
    /// The frame's caption.
    pub caption: String,
    /// The text of every board cell, row by row.
    pub cells: Vec<Vec<String>>,
    /// The computed background colour of every board cell (`rgb(r, g, b)`), row by row.
    pub backgrounds: Vec<Vec<String>>,
    /// The `(row, col)` of every marked cell.
    pub marked: Vec<(usize, usize)>,
    /// The play button's label (`play` or `pause`).
    pub play: String,
    /// Whether the previous button is disabled.
    pub prev_disabled: bool,
    /// Whether the next button is disabled.
    pub next_disabled: bool,
}

/// Everything the page showed: before any action, then after each one; and the script errors
/// the page raised.
#[derive(Clone, Debug, Deserialize)]
pub struct Session {
    /// `shown[0]` is the page as loaded, `shown[i]` after action `i`.
    pub shown: Vec<Shown>,
    /// Uncaught script errors (should be none).
    pub errors: Vec<String>,
}

/// The Chromium executable: `$CHROMIUM`, else `/usr/bin/chromium`.
pub fn chromium_path() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// Loads `page` (a trace page's HTML) in a fresh headless Chromium, performs `actions` and
/// returns what the page showed; an error says what went wrong (no Chromium, no record, ...).
pub fn drive(page: &str, actions: &[Action]) -> Result<Session, String> {
    let chromium = chromium_path();
    if !chromium.is_file() {
        return Err(format!(
            "no Chromium at {} (apt-get install chromium, as scripts/test does, or set CHROMIUM)",
            chromium.display()
        ));
    }
    let dir = scratch_dir()?;
    let result = run_in(&dir, &chromium, page, actions);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A fresh folder for the page and Chromium's profile.
fn scratch_dir() -> Result<PathBuf, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "trace-browser-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("profile"))
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

fn run_in(
    dir: &std::path::Path,
    chromium: &std::path::Path,
    page: &str,
    actions: &[Action],
) -> Result<Session, String> {
    let driven = page.replace("</body>", &format!("{}</body>", driver_script(actions)));
    if driven == page {
        return Err("the page has no </body>".to_string());
    }
    let file = dir.join("page.html");
    std::fs::write(&file, driven).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let waits: u64 = actions
        .iter()
        .map(|a| match a {
            Action::Wait(ms) => u64::from(*ms),
            _ => 0,
        })
        .sum();
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-dev-shm-usage",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--virtual-time-budget={}", waits + 5_000))
        .arg("--dump-dom")
        .arg(format!("file://{}", file.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", chromium.display()))?;
    // Read both pipes on threads so that a chatty Chromium cannot block on a full pipe.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("Chromium did not finish within 90 s".to_string());
            }
        }
    }
    let dom = out.join().unwrap_or_default();
    let log = err.join().unwrap_or_default();
    let record = extract_record(&dom).ok_or_else(|| {
        format!(
            "the page left no record (Chromium's stderr, last lines:\n{})",
            last_lines(&log, 8)
        )
    })?;
    serde_json::from_str(&record).map_err(|e| format!("unreadable record {record:?}: {e}"))
}

/// The text of `<pre id="trace-test-record">` in the dumped page, unescaped.
fn extract_record(dom: &str) -> Option<String> {
    const OPEN: &str = "<pre id=\"trace-test-record\">";
    let start = dom.find(OPEN)? + OPEN.len();
    let end = start + dom[start..].find("</pre>")?;
    let text = &dom[start..end];
    if text.is_empty() {
        return None;
    }
    Some(
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&nbsp;", "\u{a0}")
            .replace("&amp;", "&"),
    )
}

/// The last `n` lines of `text`.
fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The script appended to the page: performs `actions` once the page has loaded, recording
/// what is shown before and after each, then writes the record into the page.
fn driver_script(actions: &[Action]) -> String {
    let mut steps = String::new();
    for action in actions {
        let _ = match action {
            Action::Click(id) => writeln!(
                steps,
                "  function (done) {{ document.getElementById({}).click(); done(); }},",
                js_string(id)
            ),
            Action::Key(key) => writeln!(
                steps,
                "  function (done) {{ document.dispatchEvent(new KeyboardEvent(\"keydown\", {{ key: {}, bubbles: true, cancelable: true }})); done(); }},",
                js_string(key)
            ),
            Action::Wait(ms) => writeln!(
                steps,
                "  function (done) {{ setTimeout(done, {ms}); }},"
            ),
        };
    }
    format!(
        r#"<pre id="trace-test-record"></pre>
<script>
(function () {{
  "use strict";
  var errors = [];
  window.addEventListener("error", function (e) {{ errors.push(String(e.message)); }});
  var steps = [
{steps}  ];
  var shown = [];
  function byId(id) {{ return document.getElementById(id); }}
  function snapshot() {{
    var rows = Array.prototype.slice.call(byId("board").rows);
    var marked = [];
    rows.forEach(function (tr, r) {{
      Array.prototype.forEach.call(tr.cells, function (td, c) {{
        if (td.classList.contains("marked")) {{ marked.push([r, c]); }}
      }});
    }});
    shown.push({{
      counter: byId("counter").innerText,
      title: byId("title").innerText,
      caption: byId("caption").innerText,
      cells: rows.map(function (tr) {{
        return Array.prototype.map.call(tr.cells, function (td) {{ return td.innerText; }});
      }}),
      backgrounds: rows.map(function (tr) {{
        return Array.prototype.map.call(tr.cells, function (td) {{
          return getComputedStyle(td).backgroundColor;
        }});
      }}),
      marked: marked,
      play: byId("play").innerText,
      prev_disabled: byId("prev").disabled,
      next_disabled: byId("next").disabled
    }});
  }}
  function finish() {{
    byId("trace-test-record").textContent = JSON.stringify({{ shown: shown, errors: errors }});
  }}
  function run(i) {{
    if (i === steps.length) {{ finish(); return; }}
    try {{
      steps[i](function () {{ snapshot(); run(i + 1); }});
    }} catch (e) {{
      errors.push("step " + i + ": " + e);
      finish();
    }}
  }}
  window.addEventListener("load", function () {{
    try {{ snapshot(); run(0); }} catch (e) {{ errors.push(String(e)); finish(); }}
  }});
}})();
</script>
"#
    )
}

/// `text` as a JavaScript string literal.
fn js_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string serialises")
}
