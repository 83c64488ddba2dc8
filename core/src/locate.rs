//! Finds the line of a field path (`spec.kubernetes.versions[0].lifecycle`) in pasted YAML, so a
//! finding about valid input (a validation problem) can point at its line. Block-style YAML is followed
//! key by key and item by item; where the text is flow-style or JSON, the deepest line found so far is
//! returned. Multi-document streams and `List` items are handled by [`locate_in_document`].

use crate::ascii::AsciiStr;
use rustc_hash::FxHashMap;
use std::ops::Range;

#[derive(Debug, PartialEq)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

fn steps(path: &str) -> Vec<Step<'_>> {
    let mut steps = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, rest) = part.split_once('[').unwrap_or((part, ""));
        if !key.is_empty() {
            steps.push(Step::Key(key));
        }
        for index in rest.split('[') {
            if let Ok(n) = index.trim_end_matches(']').parse() {
                steps.push(Step::Index(n));
            }
        }
    }
    steps
}

/// The value at `path` in a document tree, when there is one.
pub fn value_at<'v>(value: &'v serde_json::Value, path: &str) -> Option<&'v serde_json::Value> {
    steps(path)
        .into_iter()
        .try_fold(value, |node, step| match step {
            Step::Key(key) => node.get(key),
            Step::Index(index) => node.get(index),
        })
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_spaces().len()
}

/// Not blank, not a comment and not a document separator.
fn is_content(line: &str) -> bool {
    is_content_after_indent(&line[indent(line)..])
}

/// [`is_content`] of a line without its indentation. It runs for every line of every search, so
/// the end of the line is looked at only when the line starts like a separator.
fn is_content_after_indent(rest: &str) -> bool {
    let rest = trim_start(rest);
    match rest.first_byte() {
        None | Some(b'#') => false,
        Some(b'-') => !(rest.as_bytes().starts_with(b"---") && rest.trim_end() == "---"),
        Some(_) => true,
    }
}

/// `text.trim_start()`, without decoding a character where the text starts with a visible ASCII
/// one, as nearly every line does after its indentation.
fn trim_start(text: &str) -> &str {
    match text.first_byte() {
        Some(byte) if byte.is_ascii_graphic() => text,
        _ => text.trim_start(),
    }
}

/// The 1-based line of `path` in `text`, or of its deepest ancestor that could be found.
pub fn locate(text: &str, path: &str) -> Option<usize> {
    Lines::of(text).locate(text, path)
}

/// The 1-based line of `path` in the lines, as [`locate`] finds it. The lines of list items the
/// search steps into are rewritten on the way and given back afterwards, so one text's lines
/// serve every search in it. Where an earlier search took the first steps of `path`, this one
/// goes on from where those steps led.
fn search(lines: &mut Lines, text: &str, path: &str) -> Option<usize> {
    let steps = steps(path);
    let prefixes = prefix_keys(&steps);
    let resumed = (0..steps.len()).rev().find_map(|taken| {
        let cursor = lines.searched.get(&prefixes[taken])?;
        Some((taken + 1, cursor.clone()))
    });
    let (taken, mut cursor) = resumed.unwrap_or_else(|| (0, Cursor::whole(lines.len())));
    // The lines those steps rewrote, rewritten again for the steps left.
    if taken < steps.len() {
        for &at in &cursor.blanked {
            lines.blank_dash(text, at);
        }
    }
    for (index, step) in steps.iter().enumerate().skip(taken) {
        let Cursor {
            start, end, found, ..
        } = cursor;
        let Some(block_indent) = (start..end)
            .find(|&i| lines.content[i])
            .map(|i| lines.indent[i])
        else {
            return found;
        };
        let at = match *step {
            Step::Key(key) => (start..end).find(|&i| {
                lines.indent[i] == block_indent && {
                    let body = lines
                        .line(text, i)
                        .trim_start()
                        .trim_start_matches(['"', '\'']);
                    body.strip_prefix(key)
                        .map(|r| r.trim_start_matches(['"', '\'']).starts_with(':'))
                        .unwrap_or(false)
                }
            }),
            Step::Index(n) => lines.nth_item(text, start..end, block_indent, n),
        };
        let Some(at) = at else {
            return found;
        };
        cursor.found = Some(at + 1);
        let own_indent = lines.indent[at];
        if matches!(step, Step::Index(_)) {
            // The item's first key sits after "- ": make it look like the item's other keys.
            lines.blank_dash(text, at);
            cursor.blanked.push(at);
            cursor.start = at;
        } else {
            cursor.start = at + 1;
        }
        let start = cursor.start;
        // A list under a key may sit at the key's own indentation ("versions:\n- a").
        let list_at_key = matches!(step, Step::Key(_))
            && (start..lines.len())
                .find(|&i| lines.content[i])
                .is_some_and(|i| lines.indent[i] == own_indent && lines.is_item(text, i));
        cursor.end = (start..lines.len())
            .find(|&i| {
                if i == at || !lines.content[i] {
                    return false;
                }
                let indent = lines.indent[i];
                if list_at_key {
                    indent < own_indent || (indent == own_indent && !lines.is_item(text, i))
                } else {
                    indent <= own_indent
                }
            })
            .unwrap_or(lines.len());
        lines
            .searched
            .insert(prefixes[index].clone(), cursor.clone());
        if cursor.start >= cursor.end {
            return cursor.found;
        }
    }
    cursor.found
}

/// Where a search stands after the first steps of a path: the block it searches next
/// (`start..end`), the line found last, and the list-item lines it rewrote on the way.
#[derive(Clone)]
struct Cursor {
    start: usize,
    end: usize,
    found: Option<usize>,
    blanked: Vec<usize>,
}

impl Cursor {
    /// Before the first step: the whole text.
    fn whole(lines: usize) -> Cursor {
        Cursor {
            start: 0,
            end: lines,
            found: None,
            blanked: Vec::new(),
        }
    }
}

/// The first one, two, … of `steps` as text, one key for each.
fn prefix_keys(steps: &[Step]) -> Vec<String> {
    let mut key = String::new();
    (steps.iter())
        .map(|step| {
            match step {
                Step::Key(name) => {
                    key.push('.');
                    key.push_str(name);
                }
                Step::Index(index) => {
                    key.push('[');
                    key.push_str(itoa::Buffer::new().format(*index));
                    key.push(']');
                }
            }
            key.clone()
        })
        .collect()
}

/// The lines of a text with what the search asks of each again and again, worked out once: its
/// indentation and whether it holds content. A 10 000-line CloudProfile is searched a few times
/// per path step, and once per problem found in it; a `List` of a landscape's Shoots once per
/// problem of each Shoot. The lines are spans of the text, which each search is given again.
struct Lines {
    spans: Vec<Range<usize>>,
    indent: Vec<usize>,
    content: Vec<bool>,
    /// The lines of list items the search under way stepped into, each with its dash made a
    /// space; given back when it ends.
    rewritten: FxHashMap<usize, String>,
    /// Where the first steps of the paths searched so far led, by those steps ([`prefix_keys`]):
    /// the problems of one object share most of their paths, and each step reads the block it
    /// steps into to its end, so a search from the start reads most of a large text.
    searched: FxHashMap<String, Cursor>,
    /// The item lines of the blocks searched for an item so far, by block and indentation: a
    /// `List`'s thousandth item is found without reading the 999 before it again.
    items: FxHashMap<(usize, usize, usize), Vec<usize>>,
}

impl Lines {
    fn of(text: &str) -> Self {
        let mut lines = Lines {
            spans: Vec::new(),
            indent: Vec::new(),
            content: Vec::new(),
            rewritten: FxHashMap::default(),
            searched: FxHashMap::default(),
            items: FxHashMap::default(),
        };
        for line in crate::ascii::lines(text) {
            let start = line.as_ptr() as usize - text.as_ptr() as usize;
            let spaces = indent(line);
            lines.spans.push(start..start + line.len());
            lines.indent.push(spaces);
            lines.content.push(is_content_after_indent(&line[spaces..]));
        }
        lines
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    /// Line `index` of `text`, the text these lines were read from, as the search now sees it.
    fn line<'t>(&'t self, text: &'t str, index: usize) -> &'t str {
        match self.rewritten.get(&index) {
            Some(line) => line,
            None => &text[self.spans[index].clone()],
        }
    }

    fn is_item(&self, text: &str, index: usize) -> bool {
        trim_start(&self.line(text, index)[self.indent[index]..]).starts_with_byte(b'-')
    }

    /// The `n`-th line in `block` that starts an item at `block_indent`.
    fn nth_item(
        &mut self,
        text: &str,
        block: Range<usize>,
        block_indent: usize,
        n: usize,
    ) -> Option<usize> {
        let mut items = block
            .clone()
            .filter(|&i| self.indent[i] == block_indent && self.is_item(text, i));
        // Kept only for blocks without a rewritten line, so what is kept does not depend on the
        // search that found it.
        if (self.rewritten.keys()).any(|index| block.contains(index)) {
            return items.nth(n);
        }
        let key = (block.start, block.end, block_indent);
        if let Some(found) = self.items.get(&key) {
            return found.get(n).copied();
        }
        let found: Vec<usize> = items.collect();
        let nth = found.get(n).copied();
        self.items.insert(key, found);
        nth
    }

    /// [`search`], with the lines given back as they were.
    fn locate(&mut self, text: &str, path: &str) -> Option<usize> {
        let found = search(self, text, path);
        for (index, _) in std::mem::take(&mut self.rewritten) {
            self.measure(index, &text[self.spans[index].clone()]);
        }
        found
    }

    /// Line `index`'s indentation and whether it holds content, as `line` now reads.
    fn measure(&mut self, index: usize, line: &str) {
        self.indent[index] = indent(line);
        self.content[index] = is_content(line);
    }

    /// Replaces the dash of the list item at `index` by a space.
    fn blank_dash(&mut self, text: &str, index: usize) {
        let dash = self.indent[index];
        let mut line = match self.rewritten.remove(&index) {
            Some(line) => line,
            None => text[self.spans[index].clone()].to_string(),
        };
        line.replace_range(dash..dash + 1, " ");
        self.measure(index, &line);
        self.rewritten.insert(index, line);
    }
}

/// The 1-based line and column of `path` in the `document`-th non-empty document of `text`; `item`
/// is the index inside a `List` document, whose objects live under `items[i]`.
pub fn locate_in_document(
    text: &str,
    document: usize,
    item: Option<usize>,
    path: &str,
) -> Option<(usize, usize)> {
    Locator::new(text).place(document, item, path)
}

/// [`locate_in_document`] for many paths in one text: the text is split into documents when it is
/// first searched, and each document's lines are read once.
pub struct Locator {
    text: Box<str>,
    /// Each document's first line and its bytes in the text.
    documents: Option<Vec<(usize, Range<usize>)>>,
    lines: Vec<Option<Lines>>,
}

impl Locator {
    pub fn new(text: &str) -> Locator {
        Locator {
            text: text.into(),
            documents: None,
            lines: Vec::new(),
        }
    }

    /// [`locate_in_document`] of `path`.
    pub fn place(
        &mut self,
        document: usize,
        item: Option<usize>,
        path: &str,
    ) -> Option<(usize, usize)> {
        let text = &*self.text;
        let documents = self.documents.get_or_insert_with(|| {
            (documents(text))
                .map(|(line, body)| {
                    let start = body.as_ptr() as usize - text.as_ptr() as usize;
                    (line, start..start + body.len())
                })
                .collect()
        });
        let (first_line, body) = documents.get(document)?.clone();
        let body = &text[body];
        self.lines.resize_with(documents.len(), || None);
        let lines = self.lines[document].get_or_insert_with(|| Lines::of(body));
        let path = match item {
            Some(index) => format!("items[{index}].{path}"),
            None => path.to_string(),
        };
        let line = lines.locate(body, &path)?;
        let text_line = (line <= lines.len()).then(|| lines.line(body, line - 1))?;
        let column = text_line.len() - text_line.trim_start_matches([' ', '-']).len() + 1;
        Some((first_line + line - 1, column))
    }
}

/// The non-empty documents of a stream with the 1-based line each starts on, as slices of it.
fn documents(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut documents = Vec::new();
    // Most texts are one document: no line can be a separator unless one starts with one of them.
    let may_separate =
        |marker: &str| text.starts_with(marker) || text.contains(&format!("\n{marker}"));
    if !may_separate("---") && !may_separate("...") {
        if text.split('\n').any(is_content) {
            documents.push((1, text));
        }
        return documents.into_iter();
    }
    // The current document: its first line's number and byte offset, and whether it has content.
    let (mut start_line, mut start, mut has_content) = (1, 0, false);
    let mut offset = 0;
    for (index, line) in text.split('\n').enumerate() {
        let separator = line == "---" || line.starts_with("--- ") || line == "...";
        if separator {
            if has_content {
                documents.push((start_line, &text[start..offset.max(start + 1) - 1]));
            }
            start_line = index + 2;
            start = offset + line.len() + 1;
            has_content = false;
        } else {
            has_content |= is_content(line);
        }
        offset += line.len() + 1;
    }
    if has_content {
        documents.push((start_line, &text[start.min(text.len())..]));
    }
    documents.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROFILE: &str = "kind: CloudProfile\nspec:\n  kubernetes:\n    versions:\n    - version: 1.34.1\n      classification: preview\n    - version: 1.33.5\n      lifecycle:\n      - classification: supported\n  machineImages:\n  - name: gardenlinux\n    versions:\n    - version: 1.0.0\n";

    #[test]
    fn follows_keys_and_list_items() {
        assert_eq!(locate(PROFILE, "spec.kubernetes.versions[0]"), Some(5));
        assert_eq!(
            locate(PROFILE, "spec.kubernetes.versions[0].classification"),
            Some(6)
        );
        assert_eq!(
            locate(PROFILE, "spec.kubernetes.versions[1].lifecycle"),
            Some(8)
        );
        assert_eq!(
            locate(
                PROFILE,
                "spec.kubernetes.versions[1].lifecycle[0].classification"
            ),
            Some(9)
        );
        assert_eq!(
            locate(PROFILE, "spec.machineImages[0].versions[0].version"),
            Some(13)
        );
    }

    #[test]
    fn indented_lists_and_missing_fields_fall_back_to_the_ancestor() {
        let shoot = "spec:\n  provider:\n    workers:\n      - name: a\n      - name: b\n        machine:\n          type: m5\n";
        assert_eq!(
            locate(shoot, "spec.provider.workers[1].machine.type"),
            Some(7)
        );
        assert_eq!(locate(shoot, "spec.provider.workers[1].maximum"), Some(5));
        assert_eq!(locate(shoot, "spec.kubernetes.version"), Some(1));
        assert_eq!(locate(shoot, "metadata.name"), None);
        assert_eq!(locate("{\"spec\": {}}", "spec.x"), None);
    }

    #[test]
    fn comments_between_a_key_and_its_items_are_skipped() {
        let text = "spec:\n  versions:\n  # note\n  - version: a\n    lifecycle: []\n";
        assert_eq!(locate(text, "spec.versions[0].lifecycle"), Some(5));
        assert_eq!(locate("a:\n# only a comment\n", "a.b"), Some(1));
    }

    #[test]
    fn documents_and_list_items_shift_the_place() {
        let stream =
            "kind: A\n---\n# second\nkind: List\nitems:\n- kind: Shoot\n  spec:\n    region: x\n";
        assert_eq!(
            locate_in_document(stream, 1, Some(0), "spec.region"),
            Some((8, 5))
        );
        assert_eq!(locate_in_document(stream, 0, None, "kind"), Some((1, 1)));
        assert_eq!(locate_in_document(stream, 2, None, "kind"), None);
    }

    #[test]
    fn one_locator_finds_each_path_where_a_fresh_search_does() {
        let stream = format!("kind: A\n---\n{PROFILE}");
        // Paths that share their first steps and part after them, paths that end in a field or an
        // item that is not there, and one whose first step is missing.
        let paths = [
            "spec.kubernetes.versions[1].lifecycle[0].classification",
            "spec.machineImages[0].name",
            "spec.kubernetes.versions[1]",
            "spec.kubernetes.versions[0].classification",
            "spec.machineImages[0].versions[0].version",
            "spec.kubernetes.versions[1].lifecycle",
            "spec.kubernetes.versions[1].lifecycle[3]",
            "spec.kubernetes.versions[7].version",
            "spec.kubernetes.versions[0].expirationDate",
            "spec.machineImages[0].versions[0]",
            "kind",
            "metadata.name",
        ];
        let fresh: Vec<_> = (paths.iter())
            .map(|path| locate_in_document(&stream, 1, None, path))
            .collect();
        let lines: Vec<usize> = fresh.iter().flatten().map(|(line, _)| *line).collect();
        assert_eq!(lines, [11, 13, 9, 8, 15, 10, 10, 6, 7, 15, 3], "{fresh:?}");
        // Forward and backward, so each search follows one that stepped into the same items.
        let mut locator = Locator::new(&stream);
        let forward: Vec<_> = (paths.iter())
            .map(|path| locator.place(1, None, path))
            .collect();
        let backward: Vec<_> = (paths.iter().rev())
            .map(|path| locator.place(1, None, path))
            .collect();
        assert_eq!(forward, fresh);
        assert_eq!(backward.into_iter().rev().collect::<Vec<_>>(), fresh);
        assert_eq!(locator.place(0, None, "kind"), Some((1, 1)));
        assert_eq!(locator.place(2, None, "kind"), None);
    }

    #[test]
    fn one_locator_finds_the_items_of_a_long_list_where_a_fresh_search_does() {
        // Items with lists of their own, at the key's indentation and below it, so the items
        // found in one block must not be taken for another's.
        let mut list = String::from("kind: List\nitems:\n");
        for index in 0..60 {
            list.push_str(&format!(
                "- kind: Shoot\n  spec:\n    workers:\n    - name: w{index}\n      zones:\n        - a\n        - b\n    - name: x{index}\n  status:\n    conditions:\n    - type: T{index}\n"
            ));
        }
        let paths: Vec<String> = (0..60)
            .flat_map(|index| {
                [
                    format!("items[{index}].spec.workers[1].name"),
                    format!("items[{index}].spec.workers[0].zones[1]"),
                    format!("items[{index}].status.conditions[0].type"),
                    format!("items[{index}].spec.workers[2]"),
                    format!("items[{}].kind", 59 - index),
                ]
            })
            .collect();
        let fresh: Vec<_> = (paths.iter())
            .map(|path| locate_in_document(&list, 0, None, path))
            .collect();
        assert_eq!(fresh[0], Some((10, 7)));
        assert_eq!(fresh[5 * 7 + 1], Some((3 + 11 * 7 + 6, 11)));
        let mut locator = Locator::new(&list);
        let forward: Vec<_> = (paths.iter())
            .map(|path| locator.place(0, None, path))
            .collect();
        assert_eq!(forward, fresh);
        let backward: Vec<_> = (paths.iter().rev())
            .map(|path| locator.place(0, None, path))
            .collect();
        assert_eq!(backward.into_iter().rev().collect::<Vec<_>>(), fresh);
        // As a fleet's reports ask: item by item, through `place`'s own `items[i].` prefix.
        let by_item: Vec<_> = (paths.iter())
            .map(|path| {
                let (item, rest) = path["items[".len()..].split_once("].").unwrap();
                locator.place(0, Some(item.parse().unwrap()), rest)
            })
            .collect();
        assert_eq!(by_item, fresh);
    }

    /// A block-style tree and the paths into it, for the property below.
    #[derive(Debug, Clone)]
    enum Node {
        Scalar,
        Map(Vec<(String, Node)>),
        /// A list, its items at its key's indentation (`true`) or two spaces in.
        List(Vec<Node>, bool),
    }

    fn node() -> impl proptest::strategy::Strategy<Value = Node> {
        use proptest::prelude::*;
        let leaf = Just(Node::Scalar);
        leaf.prop_recursive(4, 40, 4, |inner| {
            prop_oneof![
                prop::collection::vec(("[a-c]{1,2}", inner.clone()), 1..4).prop_map(|fields| {
                    let mut seen = std::collections::BTreeSet::new();
                    Node::Map(
                        (fields.into_iter())
                            .filter(|(key, _)| seen.insert(key.clone()))
                            .collect(),
                    )
                }),
                (prop::collection::vec(inner, 1..5), any::<bool>())
                    .prop_map(|(items, at_key)| Node::List(items, at_key)),
            ]
        })
    }

    /// `node` as block YAML at `indent`; `first` is what the first line starts with instead of its
    /// indentation (a list item's "- ").
    fn render(node: &Node, indent: usize, out: &mut String) {
        match node {
            Node::Scalar => out.push_str(" x\n"),
            Node::Map(fields) => {
                out.push('\n');
                for (key, value) in fields {
                    out.push_str(&" ".repeat(indent));
                    out.push_str(key);
                    out.push(':');
                    render(value, indent + 2, out);
                }
            }
            Node::List(items, at_key) => {
                out.push('\n');
                let item_indent = if *at_key { indent - 2 } else { indent };
                for item in items {
                    out.push_str(&" ".repeat(item_indent));
                    out.push_str("- k:");
                    render(item, item_indent + 4, out);
                }
            }
        }
    }

    /// Every path into `node`, and for each a sibling that is not there.
    fn paths(node: &Node, prefix: &str, out: &mut Vec<String>) {
        match node {
            Node::Scalar => {}
            Node::Map(fields) => {
                out.push(format!("{prefix}.zz"));
                for (key, value) in fields {
                    let path = format!("{prefix}.{key}");
                    out.push(path.clone());
                    paths(value, &path, out);
                }
            }
            Node::List(items, _) => {
                out.push(format!("{prefix}[{}]", items.len()));
                for (index, item) in items.iter().enumerate() {
                    let path = format!("{prefix}[{index}].k");
                    out.push(path.clone());
                    paths(item, &path, out);
                }
            }
        }
    }

    proptest::proptest! {
        /// A kept locator answers every path, in any order, as a fresh search of the text does.
        #[test]
        fn a_kept_locator_answers_as_fresh_searches_do(
            tree in node(),
            order in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 1..60),
        ) {
            let mut text = String::from("root:");
            render(&tree, 2, &mut text);
            let mut all = vec!["root".to_string()];
            paths(&tree, "root", &mut all);
            let mut locator = Locator::new(&text);
            for index in order {
                let path = index.get(&all);
                let fresh = locate_in_document(&text, 0, None, path);
                proptest::prop_assert_eq!(locator.place(0, None, path), fresh, "{}\n{}", path, text);
            }
        }
    }

    #[test]
    fn documents_are_the_lines_between_separators() {
        let stream =
            "---\nkind: A\n\n--- # b\n# only a comment\n...\nkind: C\nx: 1\n---\n\n---\nkind: D";
        let found: Vec<(usize, &str)> = documents(stream).collect();
        assert_eq!(
            found,
            [(2, "kind: A\n"), (7, "kind: C\nx: 1"), (12, "kind: D")]
        );
        assert_eq!(
            documents("kind: E\n").collect::<Vec<_>>(),
            [(1, "kind: E\n")]
        );
        assert_eq!(documents("").count(), 0);
        assert_eq!(documents("---\n---").count(), 0);
        // Without a separator line, one document (or none, when nothing is content), as the
        // line-by-line reading finds; a dash run inside a line separates nothing.
        assert_eq!(documents("# only\n\n").count(), 0);
        let single = "a: x---y\nb: |\n  ---text\n";
        assert_eq!(documents(single).collect::<Vec<_>>(), [(1, single)]);
    }

    #[test]
    fn paths_split_into_keys_and_indices() {
        assert_eq!(
            steps("spec.a[2][3].b"),
            [
                Step::Key("spec"),
                Step::Key("a"),
                Step::Index(2),
                Step::Index(3),
                Step::Key("b")
            ]
        );
    }
}
