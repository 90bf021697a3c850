//! # nonet-wasm
//!
//! nonet's engine for the game's page when no server answers: the rules of play
//! (`nonet-game`), hints, the bot, generation and rating, built for `wasm32-unknown-unknown`
//! with `cargo build` alone (no bindgen, no downloaded tool) and called over a plain C ABI on
//! the module's linear memory:
//!
//! - [`nonet_alloc`]`(len) -> ptr`: room for a request of `len` bytes, which the page writes;
//! - [`nonet_call`]`(ptr, len) -> out`: reads the request (UTF-8 JSON), frees it, and answers
//!   at `out`: a 4-byte little-endian length, then that many bytes of UTF-8 JSON;
//! - [`nonet_free`]`(ptr, len)`: gives back the answer (`len` = its length + 4).
//!
//! A request is `{"op": NAME, ...}` (see [`ops`]); the answer is `{"ok": VALUE}` or
//! `{"error": {"status", "code", "message"}}`, `status` being the HTTP status the server
//! gives the same error. The engine keeps no state between calls: the page keeps each game
//! (puzzle, solution, variant, board) and passes it in; the answers' shapes are the server's
//! (`nonet_view::game`), so the page reads one API whichever answers.
//!
//! JSON lives here (and in the server), never in the engine crates.

pub mod ops;

pub use ops::call;

/// Room for `len` bytes in the module's memory, for the page to write a request into (a null
/// pointer if `len` is too large to allocate).
#[no_mangle]
pub extern "C" fn nonet_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::new();
    if buf.try_reserve_exact(len).is_err() {
        return std::ptr::null_mut();
    }
    buf.resize(len, 0);
    let mut buf = std::mem::ManuallyDrop::new(buf.into_boxed_slice());
    buf.as_mut_ptr()
}

/// Gives back `len` bytes at `ptr`, from [`nonet_alloc`] or an answer of [`nonet_call`].
///
/// # Safety
/// `ptr` and `len` must be those of one allocation made here and not freed yet.
#[no_mangle]
pub unsafe extern "C" fn nonet_free(ptr: *mut u8, len: usize) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: the caller passes back a boxed slice of exactly `len` bytes made here.
    drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
}

/// Answers the request of `len` bytes at `ptr` (made by [`nonet_alloc`], freed here): a pointer
/// to a 4-byte little-endian length followed by that many bytes of JSON, to be freed with
/// [`nonet_free`] (length + 4).
///
/// # Safety
/// `ptr` and `len` must be those of one [`nonet_alloc`] allocation, written by the caller.
#[no_mangle]
pub unsafe extern "C" fn nonet_call(ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: the caller hands over a boxed slice of `len` bytes made by `nonet_alloc`.
    let request = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
    // Bytes as they come: JSON that is not UTF-8 is a 400 `bad_request`, as the server's.
    let answer = ops::call_bytes(&request);
    drop(request);
    let body = answer.into_bytes();
    let mut out = Vec::with_capacity(body.len() + 4);
    // An answer is far below 4 GiB (a path of 81 steps is a few hundred kilobytes).
    out.extend_from_slice(&u32::try_from(body.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(&body);
    let mut out = std::mem::ManuallyDrop::new(out.into_boxed_slice());
    out.as_mut_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C ABI round trip the page makes: alloc, write, call, read the length and the JSON,
    /// free.
    #[test]
    fn a_request_through_the_c_abi_comes_back_as_length_and_json() {
        let request = br#"{"op":"levels"}"#;
        let ptr = nonet_alloc(request.len());
        assert!(!ptr.is_null());
        // SAFETY: `ptr` holds `request.len()` bytes; the answer's length prefix says how many
        // bytes follow it.
        let answer = unsafe {
            std::ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len());
            let out = nonet_call(ptr, request.len());
            let len = u32::from_le_bytes(*(out as *const [u8; 4])) as usize;
            let text = std::str::from_utf8(std::slice::from_raw_parts(out.add(4), len))
                .unwrap()
                .to_string();
            nonet_free(out, len + 4);
            text
        };
        let v: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["ok"]["levels"][0]["name"], "easy");
    }
}
