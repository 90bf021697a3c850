//! Placeholder: replaced by the bit-parallel solver.
pub(crate) use crate::reference::count;
