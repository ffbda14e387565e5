package swf

import (
	"errors"
	"strconv"
	"strings"
)

// HeaderField is one "; Key: value" header line. Continuation comment
// lines that follow it (lines without a key of their own, up to the next
// key or an empty ";" line) are appended to Value, separated by "\n".
type HeaderField struct {
	// Key is the key as written, e.g. "MaxProcs"; "" for comment text
	// that does not follow a key.
	Key string
	// Value is the trimmed text after the colon, plus continuation lines.
	Value string
	// Line is the line number of the key line.
	Line int
}

// Header is the SWF header: the comment block before the first job line.
// The typed fields hold the standard keys; numeric keys that are absent
// are 0 (use Get to tell an absent key from a zero value). Values of the
// repeated keys Acknowledge, Information, Queue, Partition and Note are
// kept as lists in file order; for other keys the last occurrence wins.
type Header struct {
	// Version is the version of the SWF format (not of the log).
	Version string
	// Computer is the machine's brand and model.
	Computer string
	// Installation is the site where the machine was installed.
	Installation string
	// Acknowledge names the people who provided the log.
	Acknowledge []string
	// Information holds pointers to more information (URLs, notes).
	Information []string
	// Conversion names who converted the log to SWF, and when.
	Conversion string
	// MaxJobs is the number of jobs in the original log.
	MaxJobs int64
	// MaxRecords is the number of records (job lines) in the file.
	MaxRecords int64
	// Preemption says whether jobs were preempted (Yes, No, Double, TS).
	Preemption string
	// UnixStartTime is the Unix time that submit time 0 stands for.
	UnixStartTime int64
	// TimeZone is the offset from UTC in seconds (deprecated by the SWF
	// definition in favour of TimeZoneString).
	TimeZone int64
	// TimeZoneString is the time zone name, e.g. US/Pacific.
	TimeZoneString string
	// StartTime is the log's start as a date string.
	StartTime string
	// EndTime is the log's end as a date string.
	EndTime string
	// MaxNodes is the number of nodes of the machine.
	MaxNodes int
	// MaxProcs is the number of processors of the machine.
	MaxProcs int
	// MaxRuntime is the largest run time the system allowed, in seconds.
	MaxRuntime int64
	// MaxMemory is the largest memory per processor allowed, in KB.
	MaxMemory int64
	// AllowOveruse says whether jobs may use more than they requested.
	AllowOveruse string
	// MaxQueues is the number of queues.
	MaxQueues int
	// Queues is free text about the queues.
	Queues string
	// Queue lists the queue descriptions, one per Queue line.
	Queue []string
	// MaxPartitions is the number of partitions.
	MaxPartitions int
	// Partitions is free text about the partitions.
	Partitions string
	// Partition lists the partition descriptions, one per Partition line.
	Partition []string
	// Note lists the notes, one per Note line (with continuation lines).
	Note []string

	// Fields holds every key line in file order, including keys the SWF
	// definition does not name (e.g. Copyright).
	Fields []HeaderField
	// Lines holds the raw header comment lines in file order, without
	// their line ends. When Lines is not empty, Writer writes it verbatim
	// (so a trace is reproduced exactly); clear it to make Writer
	// generate the header from the typed fields instead.
	Lines []string
}

// headerKeys lists the standard keys in the order of the SWF definition;
// Writer generates headers in this order.
var headerKeys = []string{
	"Version", "Computer", "Installation", "Acknowledge", "Information",
	"Conversion", "MaxJobs", "MaxRecords", "Preemption", "UnixStartTime",
	"TimeZone", "TimeZoneString", "StartTime", "EndTime", "MaxNodes",
	"MaxProcs", "MaxRuntime", "MaxMemory", "AllowOveruse", "MaxQueues",
	"Queues", "Queue", "MaxPartitions", "Partitions", "Partition", "Note",
}

// canonicalKey returns the standard spelling of key, or "" when key is
// not a standard key. Matching ignores case.
func canonicalKey(key string) string {
	for _, k := range headerKeys {
		if strings.EqualFold(k, key) {
			return k
		}
	}
	return ""
}

// Get returns the value of the last header line with the given key
// (case-insensitive) and whether there is one.
func (h *Header) Get(key string) (string, bool) {
	for i := len(h.Fields) - 1; i >= 0; i-- {
		if strings.EqualFold(h.Fields[i].Key, key) {
			return h.Fields[i].Value, true
		}
	}
	return "", false
}

// Values returns the values of all header lines with the given key
// (case-insensitive), in file order.
func (h *Header) Values(key string) []string {
	var v []string
	for _, f := range h.Fields {
		if strings.EqualFold(f.Key, key) {
			v = append(v, f.Value)
		}
	}
	return v
}

// headerBuilder accumulates header lines while the reader scans the
// leading comment block.
type headerBuilder struct {
	h    Header
	cont int // index in h.Fields that continuation lines extend, or -1
	// more holds the continuation lines of h.Fields[cont], joined into its
	// Value when the next field starts or the header ends (appending to
	// the string line by line would be quadratic).
	more []string
}

// flush joins the pending continuation lines into their field.
func (b *headerBuilder) flush() {
	if b.cont >= 0 && len(b.more) > 0 {
		f := &b.h.Fields[b.cont]
		if f.Value != "" {
			b.more = append([]string{f.Value}, b.more...)
		}
		f.Value = strings.Join(b.more, "\n")
	}
	b.more = b.more[:0]
}

// splitKey splits comment text "Key: value" into key and value. The key
// is a letter followed by letters, digits or '_'; a colon followed by
// "//" does not end a key (so "http://..." is not a key).
func splitKey(text string) (key, value string, ok bool) {
	i := 0
	for i < len(text) {
		c := text[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '_') {
			i++
			continue
		}
		break
	}
	if i == 0 || i >= len(text) || text[i] != ':' {
		return "", "", false
	}
	if strings.HasPrefix(text[i+1:], "//") {
		return "", "", false
	}
	return text[:i], strings.TrimSpace(text[i+1:]), true
}

// add records one raw comment line (starting, after white space, with
// ';') found at line number n.
func (b *headerBuilder) add(raw string, n int) {
	b.h.Lines = append(b.h.Lines, raw)
	text := strings.TrimSpace(raw)
	text = strings.TrimSpace(text[1:]) // drop ';'
	if text == "" {
		b.flush()
		b.cont = -1
		return
	}
	if key, value, ok := splitKey(text); ok {
		b.flush()
		b.h.Fields = append(b.h.Fields, HeaderField{Key: key, Value: value, Line: n})
		b.cont = len(b.h.Fields) - 1
		return
	}
	if b.cont >= 0 {
		b.more = append(b.more, text)
		return
	}
	b.h.Fields = append(b.h.Fields, HeaderField{Value: text, Line: n})
	b.cont = len(b.h.Fields) - 1
}

// leadingInt parses the integer at the start of s; text after it must be
// separated by white space (e.g. "338 (batch partition; 512 total)").
func leadingInt(s string) (int64, error) {
	end := 0
	for end < len(s) && !isSpace(s[end]) {
		end++
	}
	return strconv.ParseInt(s[:end], 10, 64)
}

// finish fills the typed fields from Fields. It calls bad for every
// numeric key whose value does not start with an integer it can hold,
// with what is wrong with it ("is not an integer", "is negative").
func (b *headerBuilder) finish(bad func(f HeaderField, why string)) Header {
	b.flush()
	h := b.h
	for _, f := range h.Fields {
		key := canonicalKey(f.Key)
		if key == "" {
			continue
		}
		var num int64
		switch key {
		case "MaxJobs", "MaxRecords", "UnixStartTime", "TimeZone", "MaxNodes",
			"MaxProcs", "MaxRuntime", "MaxMemory", "MaxQueues", "MaxPartitions":
			first, _, _ := strings.Cut(f.Value, "\n")
			v, err := leadingInt(first)
			switch {
			case errors.Is(err, strconv.ErrRange) || err == nil && int64(int(v)) != v:
				bad(f, "is too large")
				continue
			case err != nil:
				bad(f, "is not an integer")
				continue
			case key != "TimeZone" && v < 0:
				bad(f, "is negative")
				continue
			}
			num = v
		}
		switch key {
		case "Version":
			h.Version = f.Value
		case "Computer":
			h.Computer = f.Value
		case "Installation":
			h.Installation = f.Value
		case "Acknowledge":
			h.Acknowledge = append(h.Acknowledge, f.Value)
		case "Information":
			h.Information = append(h.Information, f.Value)
		case "Conversion":
			h.Conversion = f.Value
		case "MaxJobs":
			h.MaxJobs = num
		case "MaxRecords":
			h.MaxRecords = num
		case "Preemption":
			h.Preemption = f.Value
		case "UnixStartTime":
			h.UnixStartTime = num
		case "TimeZone":
			h.TimeZone = num
		case "TimeZoneString":
			h.TimeZoneString = f.Value
		case "StartTime":
			h.StartTime = f.Value
		case "EndTime":
			h.EndTime = f.Value
		case "MaxNodes":
			h.MaxNodes = int(num)
		case "MaxProcs":
			h.MaxProcs = int(num)
		case "MaxRuntime":
			h.MaxRuntime = num
		case "MaxMemory":
			h.MaxMemory = num
		case "AllowOveruse":
			h.AllowOveruse = f.Value
		case "MaxQueues":
			h.MaxQueues = int(num)
		case "Queues":
			h.Queues = f.Value
		case "Queue":
			h.Queue = append(h.Queue, f.Value)
		case "MaxPartitions":
			h.MaxPartitions = int(num)
		case "Partitions":
			h.Partitions = f.Value
		case "Partition":
			h.Partition = append(h.Partition, f.Value)
		case "Note":
			h.Note = append(h.Note, f.Value)
		}
	}
	return h
}

// commentLines returns the header's comment lines: Lines when set,
// otherwise lines generated from the typed fields (in the order of the
// SWF definition) followed by the Fields whose keys are not standard.
func (h *Header) commentLines() []string {
	if len(h.Lines) > 0 {
		return h.Lines
	}
	var out []string
	emit := func(key, value string) {
		if value == "" {
			return
		}
		first, rest, more := strings.Cut(value, "\n")
		prefix := "; "
		if key != "" {
			prefix = "; " + key + ": "
		}
		out = append(out, strings.TrimRight(prefix+first, " "))
		pad := "; " + strings.Repeat(" ", len(prefix)-2)
		for more {
			var line string
			line, rest, more = strings.Cut(rest, "\n")
			out = append(out, strings.TrimRight(pad+line, " "))
		}
	}
	num := func(key string, v int64) {
		if v != 0 {
			emit(key, strconv.FormatInt(v, 10))
		}
	}
	list := func(key string, vs []string) {
		for _, v := range vs {
			emit(key, v)
		}
	}
	emit("Version", h.Version)
	emit("Computer", h.Computer)
	emit("Installation", h.Installation)
	list("Acknowledge", h.Acknowledge)
	list("Information", h.Information)
	emit("Conversion", h.Conversion)
	num("MaxJobs", h.MaxJobs)
	num("MaxRecords", h.MaxRecords)
	emit("Preemption", h.Preemption)
	num("UnixStartTime", h.UnixStartTime)
	num("TimeZone", h.TimeZone)
	emit("TimeZoneString", h.TimeZoneString)
	emit("StartTime", h.StartTime)
	emit("EndTime", h.EndTime)
	num("MaxNodes", int64(h.MaxNodes))
	num("MaxProcs", int64(h.MaxProcs))
	num("MaxRuntime", h.MaxRuntime)
	num("MaxMemory", h.MaxMemory)
	emit("AllowOveruse", h.AllowOveruse)
	num("MaxQueues", int64(h.MaxQueues))
	emit("Queues", h.Queues)
	list("Queue", h.Queue)
	num("MaxPartitions", int64(h.MaxPartitions))
	emit("Partitions", h.Partitions)
	list("Partition", h.Partition)
	list("Note", h.Note)
	for _, f := range h.Fields {
		if canonicalKey(f.Key) == "" {
			emit(f.Key, f.Value)
		}
	}
	return out
}
