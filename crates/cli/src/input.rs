//! The commands' inputs, read by `nonet-answers`'s record reader (`nonet_answers::read`): the
//! batch commands' files or standard input a block at a time in constant memory, a single
//! puzzle's argument, a step's file. See that module for how lines, grids and records are told
//! apart and numbered.

pub use nonet_answers::read::{
    csv_header_of, is_stdin, read_single, read_text, split_puzzles, split_puzzles_as, strip_at,
    Givens, Input, InputPuzzle,
};
