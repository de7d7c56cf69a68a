//! Files kept with a chart (photos from the phone, scanned letters): which kinds are taken,
//! how large, and what is removed before one is stored. A phone's photo carries where it
//! was taken (GPS) and the camera's serial numbers in its EXIF and XMP metadata; none of it
//! belongs in a chart, so every metadata block is dropped. The one thing kept is a JPEG's
//! orientation, without which a portrait photo shows on its side.

/// The largest file a user may attach: 10 MB.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// The media types an attachment may be.
pub const MEDIA_TYPES: [&str; 4] = ["image/jpeg", "image/png", "image/webp", "application/pdf"];

/// Why a file is refused, in the user's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("Attach a photo (JPEG, PNG or WebP) or a PDF")]
    UnsupportedType,
    #[error("The file is not the kind it says it is, or it is damaged")]
    NotWhatItSays,
    #[error("The file is empty")]
    Empty,
}

/// The media type the file's own first bytes show.
fn sniffed(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else if bytes.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else {
        None
    }
}

/// The file as it is stored: its type checked against its bytes, its metadata removed.
pub fn prepare(content_type: &str, bytes: &[u8]) -> Result<Vec<u8>, FileError> {
    let declared = media_type(content_type);
    if !MEDIA_TYPES.contains(&declared.as_str()) {
        return Err(FileError::UnsupportedType);
    }
    if bytes.is_empty() {
        return Err(FileError::Empty);
    }
    if sniffed(bytes) != Some(declared.as_str()) {
        return Err(FileError::NotWhatItSays);
    }
    match declared.as_str() {
        "image/jpeg" => jpeg_without_metadata(bytes),
        "image/png" => png_without_metadata(bytes),
        "image/webp" => webp_without_metadata(bytes),
        _ => Ok(bytes.to_vec()),
    }
}

/// The media type to store for a declared one ('image/jpg' is JPEG).
pub fn media_type(content_type: &str) -> String {
    let declared = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if declared == "image/jpg" { "image/jpeg".to_owned() } else { declared }
}

/// A JPEG without its APP1 (EXIF, XMP), APP13 (IPTC) and comment segments; an EXIF
/// orientation comes back as a minimal EXIF block holding that tag alone.
fn jpeg_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, FileError> {
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..2]);
    let mut at = 2;
    let mut orientation = None;
    loop {
        if at + 4 > bytes.len() || bytes[at] != 0xFF {
            return Err(FileError::NotWhatItSays);
        }
        let marker = bytes[at + 1];
        // Fill bytes between segments.
        if marker == 0xFF {
            at += 1;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        if length < 2 || at + 2 + length > bytes.len() {
            return Err(FileError::NotWhatItSays);
        }
        let segment = &bytes[at..at + 2 + length];
        let body = &segment[4..];
        let is_metadata = matches!(marker, 0xE1 | 0xED | 0xFE);
        if marker == 0xE1 && body.starts_with(b"Exif\0\0") {
            orientation = orientation.or_else(|| exif_orientation(&body[6..]));
        }
        // Start of scan: the image data follows to the end, untouched.
        if marker == 0xDA {
            if let Some(value) = orientation {
                insert_after_app0(&mut out, &orientation_exif(value));
            }
            out.extend_from_slice(&bytes[at..]);
            return Ok(out);
        }
        if !is_metadata {
            out.extend_from_slice(segment);
        }
        at += 2 + length;
    }
}

/// Puts a segment after the JFIF header (APP0) when there is one, else right after SOI.
fn insert_after_app0(out: &mut Vec<u8>, segment: &[u8]) {
    let at = if out.len() >= 6 && out[2] == 0xFF && out[3] == 0xE0 {
        4 + usize::from(u16::from_be_bytes([out[4], out[5]]))
    } else {
        2
    };
    let at = at.min(out.len());
    out.splice(at..at, segment.iter().copied());
}

/// The orientation tag (0x0112) of IFD0 of a TIFF-structured EXIF block, when 1 to 8.
fn exif_orientation(tiff: &[u8]) -> Option<u16> {
    let big = match tiff.get(..2)? {
        b"MM" => true,
        b"II" => false,
        _ => return None,
    };
    let u16_at = |i: usize| {
        tiff.get(i..i + 2)
            .map(|b| if big { u16::from_be_bytes([b[0], b[1]]) } else { u16::from_le_bytes([b[0], b[1]]) })
    };
    let u32_at = |i: usize| {
        tiff.get(i..i + 4).map(|b| {
            if big {
                u32::from_be_bytes([b[0], b[1], b[2], b[3]])
            } else {
                u32::from_le_bytes([b[0], b[1], b[2], b[3]])
            }
        })
    };
    let ifd = usize::try_from(u32_at(4)?).ok()?;
    let entries = usize::from(u16_at(ifd)?);
    (0..entries.min(512))
        .find_map(|n| {
            let entry = ifd + 2 + n * 12;
            (u16_at(entry)? == 0x0112 && u16_at(entry + 2)? == 3).then(|| u16_at(entry + 8)).flatten()
        })
        .filter(|value| (1..=8).contains(value))
}

/// An APP1 segment whose EXIF holds the orientation and nothing else.
fn orientation_exif(value: u16) -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"MM\0\x2A\0\0\0\x08"); // big-endian, IFD0 at offset 8
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes()); // one value
    tiff.extend_from_slice(&value.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]); // padding of the value field
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    let mut segment = vec![0xFF, 0xE1];
    let length = (2 + 6 + tiff.len()) as u16;
    segment.extend_from_slice(&length.to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    segment
}

/// A PNG without its eXIf chunk and text chunks (which carry XMP and free-form notes).
fn png_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, FileError> {
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..8]);
    let mut at = 8;
    while at < bytes.len() {
        let header = bytes.get(at..at + 8).ok_or(FileError::NotWhatItSays)?;
        let length = usize::try_from(u32::from_be_bytes([header[0], header[1], header[2], header[3]]))
            .map_err(|_| FileError::NotWhatItSays)?;
        let end = at.checked_add(12).and_then(|n| n.checked_add(length)).ok_or(FileError::NotWhatItSays)?;
        if end > bytes.len() {
            return Err(FileError::NotWhatItSays);
        }
        let kind = &header[4..8];
        if !matches!(kind, b"eXIf" | b"tEXt" | b"iTXt" | b"zTXt") {
            out.extend_from_slice(&bytes[at..end]);
        }
        at = end;
        if kind == b"IEND" {
            break;
        }
    }
    Ok(out)
}

/// A WebP without its EXIF and XMP chunks, the extended header's flags saying so.
fn webp_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, FileError> {
    let mut chunks = Vec::with_capacity(bytes.len());
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let kind = &bytes[at..at + 4];
        let size = usize::try_from(u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]))
            .map_err(|_| FileError::NotWhatItSays)?;
        // Chunks are padded to an even size.
        let end = at.checked_add(8).and_then(|n| n.checked_add(size + size % 2)).ok_or(FileError::NotWhatItSays)?;
        if end > bytes.len() {
            return Err(FileError::NotWhatItSays);
        }
        if kind == b"VP8X" && size >= 1 {
            let mut header = bytes[at..end].to_vec();
            header[8] &= !(0x08 | 0x04); // no EXIF, no XMP
            chunks.extend_from_slice(&header);
        } else if !matches!(kind, b"EXIF" | b"XMP ") {
            chunks.extend_from_slice(&bytes[at..end]);
        }
        at = end;
    }
    if at != bytes.len() {
        return Err(FileError::NotWhatItSays);
    }
    let mut out = Vec::with_capacity(chunks.len() + 12);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&u32::try_from(chunks.len() + 4).map_err(|_| FileError::NotWhatItSays)?.to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend_from_slice(&chunks);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A JPEG's metadata segments around a minimal frame (not decodable, shaped right).
    fn jpeg_with(segments: &[(u8, Vec<u8>)]) -> Vec<u8> {
        let mut out = vec![0xFF, 0xD8];
        for (marker, body) in segments {
            out.extend_from_slice(&[0xFF, *marker]);
            out.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
            out.extend_from_slice(body);
        }
        out.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22, 0xFF, 0xD9]);
        out
    }

    /// An EXIF block (little-endian, as phones write it) with orientation 6 and a GPS pointer.
    fn phone_exif() -> Vec<u8> {
        let mut body = b"Exif\0\0II\x2A\0\x08\0\0\0".to_vec();
        body.extend_from_slice(&2u16.to_le_bytes());
        body.extend_from_slice(&0x0112u16.to_le_bytes());
        body.extend_from_slice(&3u16.to_le_bytes());
        body.extend_from_slice(&1u32.to_le_bytes());
        body.extend_from_slice(&6u16.to_le_bytes());
        body.extend_from_slice(&[0, 0]);
        body.extend_from_slice(&0x8825u16.to_le_bytes()); // GPS IFD pointer
        body.extend_from_slice(&4u16.to_le_bytes());
        body.extend_from_slice(&1u32.to_le_bytes());
        body.extend_from_slice(&38u32.to_le_bytes());
        body.extend_from_slice(&0u32.to_le_bytes());
        body.extend_from_slice(b"GPSLatitude 45.5231 N");
        body
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn a_jpeg_loses_its_location_and_keeps_its_orientation() {
        let jfif = (0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0".to_vec());
        let xmp = (0xE1, b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS 45.5</x:xmpmeta>".to_vec());
        let photo = jpeg_with(&[jfif.clone(), (0xE1, phone_exif()), xmp, (0xFE, b"a comment".to_vec())]);
        let stored = prepare("image/jpeg", &photo).expect("a photo");
        assert!(!contains(&stored, b"GPS"), "no location left");
        assert!(!contains(&stored, b"a comment"));
        assert_eq!(
            exif_orientation(&stored[stored.windows(6).position(|w| w == b"Exif\0\0").expect("exif") + 6..]),
            Some(6)
        );
        assert!(stored.ends_with(&[0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22, 0xFF, 0xD9]), "the image data is untouched");
        assert_eq!(&stored[2..4], &[0xFF, 0xE0], "the JFIF header stays first");
        // Without an orientation, no EXIF at all.
        let plain = prepare("image/jpg", &jpeg_with(&[jfif])).expect("a photo");
        assert!(!contains(&plain, b"Exif"));
    }

    #[test]
    fn a_png_loses_its_exif_and_text_chunks() {
        let chunk = |kind: &[u8], data: &[u8]| {
            let mut c = (data.len() as u32).to_be_bytes().to_vec();
            c.extend_from_slice(kind);
            c.extend_from_slice(data);
            c.extend_from_slice(&[0, 0, 0, 0]);
            c
        };
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(chunk(b"IHDR", &[0; 13]));
        png.extend(chunk(b"eXIf", b"MM\0*GPS"));
        png.extend(chunk(b"iTXt", b"XML:com.adobe.xmp GPS"));
        png.extend(chunk(b"IDAT", &[1, 2, 3]));
        png.extend(chunk(b"IEND", &[]));
        let stored = prepare("image/png", &png).expect("a png");
        assert!(!contains(&stored, b"GPS"));
        assert!(contains(&stored, b"IDAT") && contains(&stored, b"IEND"));
    }

    #[test]
    fn a_webp_loses_its_exif_and_xmp_and_says_so_in_its_header() {
        let chunk = |kind: &[u8], data: &[u8]| {
            let mut c = kind.to_vec();
            c.extend_from_slice(&(data.len() as u32).to_le_bytes());
            c.extend_from_slice(data);
            if data.len() % 2 == 1 {
                c.push(0);
            }
            c
        };
        let mut body = chunk(b"VP8X", &[0x0C, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        body.extend(chunk(b"VP8 ", &[1, 2, 3]));
        body.extend(chunk(b"EXIF", b"GPS data"));
        body.extend(chunk(b"XMP ", b"GPS xmp"));
        let mut webp = b"RIFF".to_vec();
        webp.extend_from_slice(&((body.len() + 4) as u32).to_le_bytes());
        webp.extend_from_slice(b"WEBP");
        webp.extend(body);
        let stored = prepare("image/webp", &webp).expect("a webp");
        assert!(!contains(&stored, b"GPS"));
        assert_eq!(stored[20] & 0x0C, 0, "no EXIF or XMP flag");
        assert_eq!(u32::from_le_bytes([stored[4], stored[5], stored[6], stored[7]]) as usize, stored.len() - 8);
    }

    #[test]
    fn only_photos_and_pdfs_whose_bytes_agree_are_taken() {
        assert_eq!(prepare("text/html", b"<html>"), Err(FileError::UnsupportedType));
        assert_eq!(prepare("image/svg+xml", b"<svg/>"), Err(FileError::UnsupportedType));
        assert_eq!(prepare("image/png", b"%PDF-1.7"), Err(FileError::NotWhatItSays));
        assert_eq!(prepare("application/pdf", b""), Err(FileError::Empty));
        assert_eq!(prepare("application/pdf; charset=binary", b"%PDF-1.7\n%%EOF").expect("a pdf"), b"%PDF-1.7\n%%EOF");
        // Damaged images are refused, never a panic.
        for broken in [
            &[0xFF, 0xD8, 0xFF][..],
            &[0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x00][..],
            b"\x89PNG\r\n\x1a\n\0\0\xFF\xFFIDAT",
            b"RIFF\0\0\0\0WEBPVP8 \xFF\xFF\xFF\xFF",
        ] {
            let kind = sniffed(broken).expect("sniffed");
            assert_eq!(prepare(kind, broken), Err(FileError::NotWhatItSays), "{broken:?}");
        }
    }
}
