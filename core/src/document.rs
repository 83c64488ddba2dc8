//! Reading pasted text (YAML or JSON, one or many documents) into document trees.
//!
//! This is the one module that knows the YAML library; everything else sees `serde_json::Value`.
//! Swapping serde_yaml for serde_norway is a change to this file alone.

use serde::de::DeserializeOwned;
use std::fmt;

/// A document tree, as the rest of the crate sees it.
pub type Value = serde_json::Value;

/// Where a parse error points: 1-based line and column, when the parser knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{} (line {line}, column {column})", self.message)
            }
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

fn yaml_error(err: serde_yaml::Error) -> ParseError {
    let location = err.location();
    let mut message = err.to_string();
    // serde_yaml appends " at line L column C"; we report the place in our own fields instead.
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    ParseError {
        message,
        line: location.as_ref().map(|l| l.line()),
        column: location.as_ref().map(|l| l.column()),
    }
}

/// Parses one YAML (or JSON, which is YAML) document into a typed value.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ParseError> {
    serde_yaml::from_str(text).map_err(yaml_error)
}

/// Parses every document of a multi-document stream. Empty documents are skipped.
pub fn parse_documents(text: &str) -> Result<Vec<Value>, ParseError> {
    use serde::Deserialize;
    let mut documents = Vec::new();
    for document in serde_yaml::Deserializer::from_str(text) {
        let value = Value::deserialize(document).map_err(yaml_error)?;
        if !value.is_null() {
            documents.push(value);
        }
    }
    Ok(documents)
}
