// Package catalog names the workload traces schedsim knows: the logs of
// the Parallel Workloads Archive (PWA) that the built-in scenarios replay
// and the other cleaned logs users ask for most, each with its canonical
// URL, size, SHA-256 and the acknowledgement its providers ask for.
//
// A scenario or a flag names a trace by its catalogue name (trace:
// SDSC-SP2). Names are matched case-insensitively, with '_' and '-'
// alike; a log's file name, with or without .swf.gz, is an alias
// (SDSC-SP2-1998-4.2-cln.swf.gz), as are the aliases in the catalogue.
// Find looks for the file in SearchDirs: the --traces directory, the
// directories of $SCHEDSIM_TRACES, ../shared/traces (beside the working
// directory, then beside the module root) and the per-user cache, in that
// order. Fetcher downloads a log into the cache: it resumes an
// interrupted download (HTTP Range into a .part file), checks the
// checksum and only then gives the file its name, so a file under its
// final name is always whole.
//
// Checksums. For the logs shipped in ../shared/traces, SHA256 is that of
// the shipped file (its SHA256SUMS) and SWFSHA256 that of the
// decompressed SWF text: the PWA serves the same text compressed
// differently, so a download is checked against the decompressed text.
// For the other logs no checksum is published; the first download's is
// recorded next to it (trust on first use) and later downloads must match.
package catalog
