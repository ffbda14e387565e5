package scenarios

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/schedsim/schedsim/model/slurmsim"
	"github.com/schedsim/schedsim/policies/slurmprio"
)

// A spool keeps the jobs of a replay, attached and in submit order, in a
// temporary file that the replay then reads back: the sacct file is read
// once and memory does not grow with the history. (The association tree
// must hold every job's user before the replay starts, since the fair
// share of each user depends on all of them, so the whole history is
// read before the first job is replayed.) A job takes spoolSize bytes of
// the file; its names and association are numbers into tables that grow
// with the users, not the jobs.
type spool struct {
	f       *os.File
	removed bool // the file's name is gone already (see newSpool)
	w       *bufio.Writer
	n       int
	names   numbered[string]
	assocs  numbered[*slurmprio.Node]
	buf     []byte
}

// spoolSize is the bytes of one job: ID, line, CPUs, nodes; submit,
// eligible, time limit, run time, recorded start; user, partition, QoS,
// association.
const spoolSize = 4*8 + 5*8 + 4*4

// numbered numbers values in order of first use.
type numbered[T comparable] struct {
	index map[T]uint32
	list  []T
}

func (t *numbered[T]) of(v T) uint32 {
	if i, ok := t.index[v]; ok {
		return i
	}
	if t.index == nil {
		t.index = map[T]uint32{}
	}
	t.index[v] = uint32(len(t.list))
	t.list = append(t.list, v)
	return uint32(len(t.list) - 1)
}

func (t *numbered[T]) at(i uint32) (T, error) {
	if int(i) >= len(t.list) {
		var zero T
		return zero, errors.New("scenarios: the job spool is corrupt (an index out of its table)")
	}
	return t.list[i], nil
}

// newSpool creates the spool's file in the temporary directory and
// removes its name at once where the system lets an open file lose its
// name, so that not even a killed run leaves it behind.
func newSpool() (*spool, error) {
	f, err := os.CreateTemp("", "schedsim-slurm-*.jobs")
	if err != nil {
		return nil, fmt.Errorf("scenarios: the replay's job spool: %w", err)
	}
	s := &spool{f: f, w: bufio.NewWriterSize(f, 64<<10), buf: make([]byte, 0, spoolSize)}
	s.removed = os.Remove(f.Name()) == nil
	return s, nil
}

// put appends j (attached: Assoc set).
func (s *spool) put(j *slurmsim.Job) error {
	b := s.buf[:0]
	le := binary.LittleEndian
	for _, v := range []int{j.ID, j.Line, j.CPUs, j.Nodes} {
		b = le.AppendUint64(b, uint64(v))
	}
	for _, v := range []float64{j.Submit, j.Eligible, j.TimeLimit, j.Runtime, j.RecordedStart} {
		b = le.AppendUint64(b, math.Float64bits(v))
	}
	for _, v := range []uint32{s.names.of(j.User), s.names.of(j.Partition), s.names.of(j.QOS), s.assocs.of(j.Assoc)} {
		b = le.AppendUint32(b, v)
	}
	s.n++
	if _, err := s.w.Write(b); err != nil {
		return fmt.Errorf("scenarios: the replay's job spool: %w", err)
	}
	return nil
}

// reader returns a source of the spooled jobs, in the order they were
// put, for slurmsim.Run. A job's Account is its association's account
// (the one Tree.Attach charged it to).
func (s *spool) reader() (func() (slurmsim.Job, error), error) {
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("scenarios: the replay's job spool: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("scenarios: the replay's job spool: %w", err)
	}
	r := bufio.NewReaderSize(s.f, 64<<10)
	b := make([]byte, spoolSize)
	left := s.n
	return func() (slurmsim.Job, error) {
		if left == 0 {
			return slurmsim.Job{}, io.EOF
		}
		left--
		if _, err := io.ReadFull(r, b); err != nil {
			return slurmsim.Job{}, fmt.Errorf("scenarios: the replay's job spool: %w", err)
		}
		le := binary.LittleEndian
		u := func(i int) uint64 { return le.Uint64(b[8*i:]) }
		f := func(i int) float64 { return math.Float64frombits(u(i)) }
		j := slurmsim.Job{ID: int(u(0)), Line: int(u(1)), CPUs: int(u(2)), Nodes: int(u(3)),
			Submit: f(4), Eligible: f(5), TimeLimit: f(6), Runtime: f(7), RecordedStart: f(8)}
		idx := b[72:]
		var err error
		for i, dst := range []*string{&j.User, &j.Partition, &j.QOS} {
			if *dst, err = s.names.at(le.Uint32(idx[4*i:])); err != nil {
				return j, err
			}
		}
		if j.Assoc, err = s.assocs.at(le.Uint32(idx[12:])); err != nil {
			return j, err
		}
		j.Account = j.Assoc.Parent.Name
		return j, nil
	}, nil
}

// close closes the spool's file and removes it.
func (s *spool) close() {
	s.f.Close()
	if !s.removed {
		os.Remove(s.f.Name())
	}
}
