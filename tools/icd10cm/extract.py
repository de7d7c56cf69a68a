"""Writes the ICD-10-CM code set the server loads: every category, subcategory and code of
the release simple-icd-10-cm ships (public domain, CDC/CMS), as
`crates/store/data/icd10cm.tsv.gz`, one line per code:

    code<TAB>billable<TAB>description

`code` with its dot ('E11.9'), `billable` 1 for a code a claim may carry (a leaf of the
classification), else 0. Chapters and blocks ('A00-A09') are left out: no chart or
claim names them. The first line is `#release<TAB><name>`.

    python3 tools/icd10cm/extract.py      # needs simple-icd-10-cm (pip), see requirements.txt

The output is byte-for-byte the same for the same release (sorted, gzip without a time).
"""

import gzip
import io
import pathlib
import sys

import simple_icd_10_cm as cm

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "crates/store/data/icd10cm.tsv.gz"
RELEASE = "ICD-10-CM April 1, 2026 (FY2026), CDC National Center for Health Statistics, via simple-icd-10-cm 1.5.0"


def main() -> int:
    lines = []
    for code in cm.get_all_codes(True):
        if cm.is_chapter_or_block(code):
            continue
        description = " ".join(cm.get_description(code).split())
        if "\t" in description or not description:
            raise SystemExit(f"{code}: unusable description {description!r}")
        lines.append(f"{code}\t{1 if cm.is_leaf(code) else 0}\t{description}")
    lines.sort()
    text = f"#release\t{RELEASE}\n" + "\n".join(lines) + "\n"
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as out:
        out.write(text.encode("utf-8"))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(buffer.getvalue())
    billable = sum(1 for line in lines if "\t1\t" in line)
    print(f"{OUT.relative_to(ROOT)}: {len(lines)} codes, {billable} billable, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
