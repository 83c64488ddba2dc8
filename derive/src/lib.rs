//! `#[derive(FromValue)]`: reads a document tree into a view type, finding the fields' values in
//! the mapping first and then reading them one after the other, in the same shape serde's
//! `Deserialize` derive accepts.
//!
//! The derive reads the `#[serde(...)]` attributes the type already carries (`rename_all`,
//! `rename`, `default`, `flatten`, `skip`, `deserialize_with`, `try_from`, `from`) so one set of
//! attributes describes both directions, and a type reads the same tree the same way through
//! either derive. What it emits calls the helpers of `shoot_policy::decode`; those are generic
//! over the field's type only, so each field type is instantiated once for the whole crate, where
//! serde instantiates a visitor per struct and per map access.
//!
//! Enums with data, and enums tagged or untagged, are read through serde (`Deserialize` must be
//! derived as well); they are rare in the views. An attribute that changes how serde reads a type
//! and that this derive does not follow (`deny_unknown_fields`, `alias`, ...) fails the build.
//!
//! One difference is left on purpose: when several fields of a mapping are wrong, the first in
//! declaration order is reported, where serde reports the first in the mapping's key order. A
//! missing field is still reported before a flattened one, as serde does.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, LitStr};

#[proc_macro_derive(FromValue, attributes(serde))]
pub fn derive_from_value(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<Tokens> {
    if input.generics.lifetimes().next().is_some() {
        return Err(syn::Error::new(
            input.generics.span(),
            "FromValue: types that borrow are not supported",
        ));
    }
    let container = ContainerAttributes::of(&input.attrs)?;
    let name = &Target::of(input);
    let body = if let Some(source) = &container.try_from {
        converted(
            source,
            quote!(::core::convert::TryFrom::try_from(raw).map_err(|e| d::custom(e, at))),
        )
    } else if let Some(source) = &container.from {
        converted(
            source,
            quote!(::core::result::Result::Ok(::core::convert::From::from(raw))),
        )
    } else {
        match &input.data {
            Data::Struct(data) => return struct_impl(name, &data.fields, &container),
            Data::Enum(data) => enum_body(data, &container)?,
            Data::Union(_) => {
                return Err(syn::Error::new(
                    input.span(),
                    "FromValue: unions are not supported",
                ))
            }
        }
    };
    Ok(from_value_impl(name, body))
}

/// The type an impl is for, with its type parameters each bound by `FromValue`.
struct Target {
    ident: syn::Ident,
    generics: syn::Generics,
}

impl Target {
    fn of(input: &DeriveInput) -> Self {
        let mut generics = input.generics.clone();
        let parameters: Vec<_> = generics.type_params().map(|p| p.ident.clone()).collect();
        let clause = generics.make_where_clause();
        for parameter in parameters {
            clause
                .predicates
                .push(syn::parse_quote!(#parameter: ::shoot_policy::decode::FromValue));
        }
        Target {
            ident: input.ident.clone(),
            generics,
        }
    }

    /// `impl<…> Trait for Name<…> where …`.
    fn header(&self, trait_path: Tokens) -> Tokens {
        let ident = &self.ident;
        let (parameters, arguments, clause) = self.generics.split_for_impl();
        quote!(impl #parameters #trait_path for #ident #arguments #clause)
    }
}

fn from_value_impl(name: &Target, body: Tokens) -> Tokens {
    let header = name.header(quote!(::shoot_policy::decode::FromValue));
    quote! {
        #header {
            fn from_value(
                value: &::shoot_policy::decode::Value,
                at: ::shoot_policy::decode::Path<'_>,
            ) -> ::core::result::Result<Self, ::shoot_policy::decode::DecodeError> {
                #[allow(unused_imports)]
                use ::shoot_policy::decode as d;
                #body
            }
        }
    }
}

/// `#[serde(try_from = "T")]` and `#[serde(from = "T")]`: read a `T`, then convert.
fn converted(source: &syn::Type, conversion: Tokens) -> Tokens {
    quote! {
        let raw: #source = ::shoot_policy::decode::FromValue::from_value(value, at)?;
        #conversion
    }
}

fn struct_impl(
    name: &Target,
    fields: &Fields,
    container: &ContainerAttributes,
) -> syn::Result<Tokens> {
    let named = match fields {
        Fields::Named(named) => named,
        Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => {
            // A newtype reads as what it wraps, as serde's newtype structs do.
            return Ok(from_value_impl(
                name,
                quote!(::shoot_policy::decode::FromValue::from_value(value, at).map(Self)),
            ));
        }
        _ => {
            return Err(syn::Error::new(
                fields.span(),
                "FromValue: only structs with named fields, and newtypes, are supported",
            ))
        }
    };
    let mut known = Vec::new();
    let attributes = (named.named.iter())
        .map(|field| FieldAttributes::of(&field.attrs).map(|a| (field, a)))
        .collect::<syn::Result<Vec<_>>>()?;
    for (field, attributes) in &attributes {
        if !attributes.flatten && !attributes.skip {
            known.push(key_of(field, attributes, container));
        }
    }
    // serde reads flattened fields after all others (so a missing field is reported first).
    let (plain, flattened): (Vec<_>, Vec<_>) = attributes.iter().partition(|(_, a)| !a.flatten);
    let flatten_read =
        quote!(d::flattened(object, &d::Named { keys: &[#(#known),*], outer: named }, at)?);
    let body = match &container.default {
        Some(default) => {
            // Start from the container's default and overwrite what the mapping has: one call per
            // field and no partly built value to unwind on an error.
            let start = match default {
                Default::Trait => quote!(::core::default::Default::default()),
                Default::Path(path) => quote!(#path()),
            };
            // Runs of plain fields are overwritten by one call over `(key, &mut dyn Slot)` pairs:
            // per field two words on the stack, where a call of its own took several times that.
            let mut statements = Vec::new();
            let mut slots = Vec::new();
            let flush = |slots: &mut Vec<Tokens>, statements: &mut Vec<Tokens>| {
                if !slots.is_empty() {
                    statements.push(quote!(d::assign_all(object, at, &mut [#(#slots),*])?;));
                    slots.clear();
                }
            };
            for (field, attributes) in plain.iter().chain(&flattened) {
                let ident = field.ident.as_ref().expect("named field");
                if attributes.skip {
                    continue;
                }
                let key = key_of(field, attributes, container);
                let special = attributes.flatten
                    || attributes.default.is_some()
                    || attributes.deserialize_with.is_some();
                if !special {
                    slots.push(quote!((#key, &mut out.#ident as &mut dyn d::Slot)));
                    continue;
                }
                flush(&mut slots, &mut statements);
                statements.push(if attributes.flatten {
                    quote!(out.#ident = #flatten_read;)
                } else if let Some(read) = with_own_default(&key, &lookup(&key), attributes) {
                    quote!(out.#ident = #read;)
                } else {
                    let read = present(&key, &lookup(&key), attributes);
                    quote!(if let ::core::option::Option::Some(read) = #read { out.#ident = read; })
                });
            }
            flush(&mut slots, &mut statements);
            quote! {
                #[allow(unused_mut)]
                let mut out: Self = #start;
                #(#statements)*
                ::core::result::Result::Ok(out)
            }
        }
        None => {
            // Every field's value is found first, in one pass where the mapping is small, and
            // then read in declaration order, which decides the error reported.
            let mut keys = Vec::new();
            let mut reads = Vec::new();
            for (field, attributes) in plain.iter().chain(&flattened) {
                let ident = field.ident.as_ref().expect("named field");
                let read = if attributes.skip {
                    quote!(::core::default::Default::default())
                } else if attributes.flatten {
                    flatten_read.clone()
                } else {
                    let key = key_of(field, attributes, container);
                    let index = keys.len();
                    let found = quote!(found[#index]);
                    keys.push(key.clone());
                    if let Some(read) = with_own_default(&key, &found, attributes) {
                        read
                    } else if attributes.deserialize_with.is_some() {
                        let read = present(&key, &found, attributes);
                        quote!(match #read {
                            ::core::option::Option::Some(read) => read,
                            ::core::option::Option::None => return ::core::result::Result::Err(d::missing(#key, at)),
                        })
                    } else {
                        quote!(d::required(#found, #key, at)?)
                    }
                };
                reads.push(quote!(#ident: #read));
            }
            quote! {
                #[allow(unused_variables)]
                let found = d::fields(object, [#(#keys),*]);
                ::core::result::Result::Ok(Self { #(#reads),* })
            }
        }
    };
    let expected = format!("struct {}", name.ident);
    let from_object = name.header(quote!(::shoot_policy::decode::FromObject));
    let from_value = name.header(quote!(::shoot_policy::decode::FromValue));
    Ok(quote! {
        #from_object {
            fn from_object(
                object: &::shoot_policy::decode::Map,
                at: ::shoot_policy::decode::Path<'_>,
                named: ::core::option::Option<&::shoot_policy::decode::Named<'_>>,
            ) -> ::core::result::Result<Self, ::shoot_policy::decode::DecodeError> {
                let _ = named;
                #[allow(unused_imports)]
                use ::shoot_policy::decode as d;
                #body
            }
        }

        #from_value {
            fn from_value(
                value: &::shoot_policy::decode::Value,
                at: ::shoot_policy::decode::Path<'_>,
            ) -> ::core::result::Result<Self, ::shoot_policy::decode::DecodeError> {
                let object = ::shoot_policy::decode::object(value, at, #expected)?;
                <Self as ::shoot_policy::decode::FromObject>::from_object(object, at, ::core::option::Option::None)
            }
        }
    })
}

/// The value of the field `key` in the mapping being read, looked up on its own.
fn lookup(key: &str) -> Tokens {
    quote!(object.get(#key))
}

/// A field that may be absent, as an `Option`; `found` is its value in the mapping, if any.
fn present(key: &str, found: &Tokens, attributes: &FieldAttributes) -> Tokens {
    match &attributes.deserialize_with {
        Some(path)
            if path
                .segments
                .last()
                .is_some_and(|s| s.ident == "null_as_default") =>
        {
            quote!(d::optional_null_as_default(#found, #key, at)?)
        }
        // Read without serde's visitors, which would be instantiated for the view type.
        Some(path)
            if path
                .segments
                .last()
                .is_some_and(|s| s.ident == "null_values_as_empty") =>
        {
            quote!(d::optional_null_values_as_empty(#found, #key, at)?)
        }
        Some(path) => quote!(d::optional_with(#found, #key, at, |node| #path(node))?),
        None => quote!(d::optional(#found, #key, at)?),
    }
}

/// A field with a default of its own, which serde prefers to the container's.
fn with_own_default(key: &str, found: &Tokens, attributes: &FieldAttributes) -> Option<Tokens> {
    let present = present(key, found, attributes);
    match attributes.default.as_ref()? {
        Default::Trait => Some(quote!(#present.unwrap_or_default())),
        Default::Path(path) => Some(quote!(#present.unwrap_or_else(#path))),
    }
}

fn enum_body(data: &syn::DataEnum, container: &ContainerAttributes) -> syn::Result<Tokens> {
    if data.variants.is_empty() {
        return Err(syn::Error::new(
            data.brace_token.span.join(),
            "FromValue: an enum without variants has nothing to read",
        ));
    }
    let unit_only = data
        .variants
        .iter()
        .all(|v| matches!(v.fields, Fields::Unit));
    if !unit_only || container.tagged {
        return Ok(quote!(d::via_serde(value, at)));
    }
    let mut names = Vec::new();
    let mut arms = Vec::new();
    for (index, variant) in data.variants.iter().enumerate() {
        let attributes = FieldAttributes::of(&variant.attrs)?;
        if attributes.skip || attributes.flatten || attributes.default.is_some() {
            return Err(syn::Error::new(
                variant.span(),
                "FromValue: a unit variant takes only `rename`",
            ));
        }
        let name = match &attributes.rename {
            Some(rename) => rename.clone(),
            None => rename_variant(&variant.ident.to_string(), container.rename_all.as_deref())
                .map_err(|rule| syn::Error::new(variant.span(), rule))?,
        };
        names.push(name);
        let ident = &variant.ident;
        let pattern = if index + 1 == data.variants.len() {
            quote!(_)
        } else {
            quote!(#index)
        };
        arms.push(quote!(#pattern => Self::#ident));
    }
    Ok(quote! {
        ::core::result::Result::Ok(match d::variant(value, at, &[#(#names),*])? {
            #(#arms),*
        })
    })
}

fn key_of(
    field: &syn::Field,
    attributes: &FieldAttributes,
    container: &ContainerAttributes,
) -> String {
    if let Some(rename) = &attributes.rename {
        return rename.clone();
    }
    let ident = field.ident.as_ref().expect("named field").to_string();
    let ident = ident.strip_prefix("r#").unwrap_or(&ident);
    rename_field(ident, container.rename_all.as_deref()).unwrap_or_else(|_| ident.to_string())
}

/// serde's `rename_all` rules for a snake_case field name.
fn rename_field(field: &str, rule: Option<&str>) -> Result<String, String> {
    let pascal = || {
        let mut out = String::new();
        let mut upper = true;
        for c in field.chars() {
            if c == '_' {
                upper = true;
            } else if upper {
                out.push(c.to_ascii_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        out
    };
    Ok(match rule {
        None | Some("lowercase") | Some("snake_case") => field.to_string(),
        Some("PascalCase") => pascal(),
        Some("camelCase") => {
            let pascal = pascal();
            let mut chars = pascal.chars();
            match chars.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        }
        Some("UPPERCASE") | Some("SCREAMING_SNAKE_CASE") => field.to_ascii_uppercase(),
        Some("kebab-case") => field.replace('_', "-"),
        Some("SCREAMING-KEBAB-CASE") => field.to_ascii_uppercase().replace('_', "-"),
        Some(other) => return Err(format!("FromValue: unknown rename_all rule {other:?}")),
    })
}

/// serde's `rename_all` rules for a PascalCase variant name.
fn rename_variant(variant: &str, rule: Option<&str>) -> Result<String, String> {
    let snake = || {
        let mut out = String::new();
        for (i, c) in variant.char_indices() {
            if i > 0 && c.is_uppercase() {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    Ok(match rule {
        None | Some("PascalCase") => variant.to_string(),
        Some("lowercase") => variant.to_ascii_lowercase(),
        Some("UPPERCASE") => variant.to_ascii_uppercase(),
        Some("camelCase") => {
            let mut chars = variant.chars();
            match chars.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        }
        Some("snake_case") => snake(),
        Some("SCREAMING_SNAKE_CASE") => snake().to_ascii_uppercase(),
        Some("kebab-case") => snake().replace('_', "-"),
        Some("SCREAMING-KEBAB-CASE") => snake().to_ascii_uppercase().replace('_', "-"),
        Some(other) => return Err(format!("FromValue: unknown rename_all rule {other:?}")),
    })
}

enum Default {
    Trait,
    Path(syn::Path),
}

#[derive(Default)]
struct ContainerAttributes {
    rename_all: Option<String>,
    default: Option<Default>,
    /// `tag = "…"` or `untagged`: read through serde.
    tagged: bool,
    try_from: Option<syn::Type>,
    from: Option<syn::Type>,
}

impl ContainerAttributes {
    fn of(attrs: &[syn::Attribute]) -> syn::Result<Self> {
        let mut out = ContainerAttributes::default();
        each_serde_item(attrs, |meta| {
            if meta.path.is_ident("rename_all") {
                out.rename_all = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("default") {
                out.default = Some(parse_default(meta)?);
            } else if meta.path.is_ident("tag") || meta.path.is_ident("untagged") {
                out.tagged = true;
                skip_value(meta)?;
            } else if meta.path.is_ident("try_from") {
                out.try_from = Some(meta.value()?.parse::<LitStr>()?.parse()?);
            } else if meta.path.is_ident("from") {
                out.from = Some(meta.value()?.parse::<LitStr>()?.parse()?);
            } else {
                serialization_only(meta, &["into", "bound"])?;
            }
            Ok(())
        })?;
        Ok(out)
    }
}

#[derive(Default)]
struct FieldAttributes {
    rename: Option<String>,
    default: Option<Default>,
    flatten: bool,
    skip: bool,
    deserialize_with: Option<syn::Path>,
}

impl FieldAttributes {
    fn of(attrs: &[syn::Attribute]) -> syn::Result<Self> {
        let mut out = FieldAttributes::default();
        each_serde_item(attrs, |meta| {
            if meta.path.is_ident("rename") {
                out.rename = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("default") {
                out.default = Some(parse_default(meta)?);
            } else if meta.path.is_ident("flatten") {
                out.flatten = true;
            } else if meta.path.is_ident("skip") || meta.path.is_ident("skip_deserializing") {
                out.skip = true;
            } else if meta.path.is_ident("deserialize_with") || meta.path.is_ident("with") {
                let path = meta.value()?.parse::<LitStr>()?;
                let mut path: syn::Path = path.parse()?;
                if meta.path.is_ident("with") {
                    path.segments.push(format_ident!("deserialize").into());
                }
                out.deserialize_with = Some(path);
            } else {
                serialization_only(
                    meta,
                    &["skip_serializing", "skip_serializing_if", "serialize_with"],
                )?;
            }
            Ok(())
        })?;
        Ok(out)
    }
}

/// Calls `read` with each item of every `#[serde(...)]` attribute.
fn each_serde_item(
    attrs: &[syn::Attribute],
    mut read: impl FnMut(&syn::meta::ParseNestedMeta<'_>) -> syn::Result<()>,
) -> syn::Result<()> {
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| read(&meta))?;
    }
    Ok(())
}

fn parse_default(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<Default> {
    if meta.input.peek(syn::Token![=]) {
        Ok(Default::Path(meta.value()?.parse::<LitStr>()?.parse()?))
    } else {
        Ok(Default::Trait)
    }
}

/// Consumes an attribute that only serialization reads (one of `ignored`), and refuses any other:
/// an attribute that changes how serde reads a type (`deny_unknown_fields`, `alias`, ...) and that
/// this derive does not follow would make the two readers disagree without a word.
fn serialization_only(meta: &syn::meta::ParseNestedMeta<'_>, ignored: &[&str]) -> syn::Result<()> {
    if ignored.iter().any(|name| meta.path.is_ident(name)) {
        return skip_value(meta);
    }
    let name = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default();
    Err(meta.error(format!(
        "FromValue: #[serde({name})] is not supported; read the type through serde or teach the derive"
    )))
}

/// Consumes what an attribute we do not read carries: `= "…"` or `(…)`.
fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip_value(&inner))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{expand, rename_field, rename_variant};

    #[test]
    fn attributes_that_change_how_serde_reads_are_refused() {
        let refused = |input: syn::DeriveInput| expand(&input).unwrap_err().to_string();
        assert!(refused(syn::parse_quote! {
            #[serde(deny_unknown_fields)]
            struct A { a: u8 }
        })
        .contains("#[serde(deny_unknown_fields)] is not supported"));
        assert!(refused(syn::parse_quote! {
            struct A { #[serde(alias = "b")] a: u8 }
        })
        .contains("#[serde(alias)] is not supported"));
        assert!(refused(syn::parse_quote! {
            enum E { #[serde(skip)] A, B }
        })
        .contains("a unit variant takes only `rename`"));
        assert!(refused(syn::parse_quote! { enum Never {} })
            .contains("an enum without variants has nothing to read"));
        // What only serialization reads passes.
        let accepted: syn::DeriveInput = syn::parse_quote! {
            #[serde(rename_all = "camelCase", into = "String")]
            struct A { #[serde(skip_serializing_if = "Option::is_none")] a_b: Option<u8> }
        };
        assert!(expand(&accepted).unwrap().to_string().contains("\"aB\""));
    }

    #[test]
    fn fields_are_renamed_as_serde_renames_them() {
        let rule = |rule| rename_field("max_surge_v2", Some(rule)).unwrap();
        assert_eq!(rule("camelCase"), "maxSurgeV2");
        assert_eq!(rule("PascalCase"), "MaxSurgeV2");
        assert_eq!(rule("kebab-case"), "max-surge-v2");
        assert_eq!(rule("lowercase"), "max_surge_v2");
        assert_eq!(rule("SCREAMING_SNAKE_CASE"), "MAX_SURGE_V2");
        assert_eq!(rename_field("name", None).unwrap(), "name");
        assert!(rename_field("name", Some("Title Case")).is_err());
    }

    #[test]
    fn variants_are_renamed_as_serde_renames_them() {
        let rule = |rule| rename_variant("RollingUpdate", Some(rule)).unwrap();
        assert_eq!(rule("camelCase"), "rollingUpdate");
        assert_eq!(rule("lowercase"), "rollingupdate");
        assert_eq!(rule("kebab-case"), "rolling-update");
        assert_eq!(rule("snake_case"), "rolling_update");
        assert_eq!(rule("SCREAMING-KEBAB-CASE"), "ROLLING-UPDATE");
        assert_eq!(rename_variant("InPlace", None).unwrap(), "InPlace");
    }
}
