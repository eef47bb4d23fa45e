//! Contact feature ids: which features of the reference and incident shapes made a
//! contact point ([`ContactId`], made in the ways [`IdKind`] lists).
//!
//! A `u32`: bits 0–7 the incident feature (a vertex index, or the incident edge for a
//! point made by a side plane), bits 8–15 the reference feature (edge, or vertex for
//! the point cases), bits 16–18 the kind ([`IdKind`]), bit 19 the reference shape
//! (0 = A, 1 = B). It names features only, never coordinates, so it stays the same
//! while a shape slides within one configuration.

use crate::core::sat::Owner;
use serde::Serialize;

/// How a contact point was made (bits 16–18 of its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IdKind {
    /// An incident vertex that survived clipping.
    IncidentVertex = 0,
    /// The incident edge cut by the side plane through the reference edge's first vertex.
    SidePlane1 = 1,
    /// The incident edge cut by the side plane through its second vertex.
    SidePlane2 = 2,
    /// A point contact: point–point, vertex–vertex, or a corner against an arc.
    Point = 3,
    /// The support fallback.
    Fallback = 4,
}

impl IdKind {
    pub fn as_str(self) -> &'static str {
        match self {
            IdKind::IncidentVertex => "incident_vertex",
            IdKind::SidePlane1 => "side_plane_1",
            IdKind::SidePlane2 => "side_plane_2",
            IdKind::Point => "point",
            IdKind::Fallback => "fallback",
        }
    }
}

/// A contact's feature id, unpacked (see the module docs for the packing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ContactId {
    /// The shape holding the reference feature.
    pub reference: Owner,
    /// Reference edge (or vertex, for point contacts).
    pub reference_index: u8,
    /// Incident vertex, or incident edge for side-plane points.
    pub incident_index: u8,
    pub kind: IdKind,
}

impl ContactId {
    /// Vertex 0 of A against vertex 0 of B, a point contact.
    pub const POINT: ContactId = ContactId {
        reference: Owner::A,
        reference_index: 0,
        incident_index: 0,
        kind: IdKind::Point,
    };

    pub fn pack(self) -> u32 {
        let owner = match self.reference {
            Owner::A => 0u32,
            Owner::B => 1u32,
        };
        self.incident_index as u32
            | (self.reference_index as u32) << 8
            | (self.kind as u32) << 16
            | owner << 19
    }

    /// The fields of a packed id; `None` for a value no manifold produces.
    pub fn unpack(id: u32) -> Option<ContactId> {
        let kind = match (id >> 16) & 0b111 {
            0 => IdKind::IncidentVertex,
            1 => IdKind::SidePlane1,
            2 => IdKind::SidePlane2,
            3 => IdKind::Point,
            4 => IdKind::Fallback,
            _ => return None,
        };
        if id >> 20 != 0 {
            return None;
        }
        Some(ContactId {
            reference: if (id >> 19) & 1 == 0 {
                Owner::A
            } else {
                Owner::B
            },
            reference_index: (id >> 8) as u8,
            incident_index: id as u8,
            kind,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_round_trip() {
        let id = ContactId {
            reference: Owner::B,
            reference_index: 7,
            incident_index: 63,
            kind: IdKind::SidePlane2,
        };
        assert_eq!(ContactId::unpack(id.pack()), Some(id));
        assert_eq!(ContactId::unpack(5 << 16), None);
        assert_eq!(ContactId::unpack(1 << 20), None);
    }
}
