//! The name a unit enum variant has in the JSON output, taken from its serde
//! attributes ([`variant_name`]): the enums' `as_str` read it from there, so each
//! name is written once.

use serde::ser::{Error, Impossible, Serialize, Serializer};
use std::fmt;

/// Not a unit variant.
#[derive(Debug)]
struct NotUnitVariant;

impl fmt::Display for NotUnitVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a unit variant")
    }
}

impl std::error::Error for NotUnitVariant {}

impl Error for NotUnitVariant {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotUnitVariant
    }
}

/// Serializes a unit variant into its name; anything else is refused.
struct VariantName;

macro_rules! refuse {
    ($($f:ident($($t:ty),*)),* $(,)?) => {
        $(fn $f(self $(, _: $t)*) -> Result<&'static str, NotUnitVariant> {
            Err(NotUnitVariant)
        })*
    };
}

impl Serializer for VariantName {
    type Ok = &'static str;
    type Error = NotUnitVariant;
    type SerializeSeq = Impossible<&'static str, NotUnitVariant>;
    type SerializeTuple = Impossible<&'static str, NotUnitVariant>;
    type SerializeTupleStruct = Impossible<&'static str, NotUnitVariant>;
    type SerializeTupleVariant = Impossible<&'static str, NotUnitVariant>;
    type SerializeMap = Impossible<&'static str, NotUnitVariant>;
    type SerializeStruct = Impossible<&'static str, NotUnitVariant>;
    type SerializeStructVariant = Impossible<&'static str, NotUnitVariant>;

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<&'static str, NotUnitVariant> {
        Ok(variant)
    }

    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
    );

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<&'static str, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<&'static str, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<&'static str, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, NotUnitVariant> {
        Err(NotUnitVariant)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, NotUnitVariant> {
        Err(NotUnitVariant)
    }
}

/// The serde name of a unit enum variant (what the JSON output writes for it); ""
/// for a value that is not a unit variant.
#[inline]
pub(crate) fn variant_name<T: Serialize>(value: &T) -> &'static str {
    value.serialize(VariantName).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum E {
        FirstOne,
        #[allow(dead_code)]
        Second(u8),
    }

    #[test]
    fn unit_variants_give_their_serde_names_others_none() {
        assert_eq!(variant_name(&E::FirstOne), "first_one");
        assert_eq!(variant_name(&E::Second(1)), "");
        assert_eq!(variant_name(&3u8), "");
    }
}
