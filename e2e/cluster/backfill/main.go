// A TSDB block from series read on stdin, for `cluster up --scale`: promtool's OpenMetrics input for tens of
// thousands of series over 28 days would be tens of GB of text, so the harness sends the samples as numbers and
// this writes them straight into one block (one block, so that Prometheus has no overlapping blocks to compact).
//
// Input, repeated, all little-endian: uint32 n, n bytes of JSON labels ({"__name__": …, …}); int64 start (ms),
// int64 step (ms), uint32 count, count float64 values. n = 0 ends it. Usage: backfill <data dir>
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/go-kit/log"
	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/storage"
	"github.com/prometheus/prometheus/tsdb"
)

// The head accepts samples no older than half its chunk range behind its newest: wide enough for every window here.
const blockSpanMs = int64(120 * 24 * 3600 * 1000)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: backfill <data dir>")
		os.Exit(2)
	}
	series, samples, err := run(bufio.NewReaderSize(os.Stdin, 1<<20), os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "backfill:", err)
		os.Exit(1)
	}
	fmt.Printf("%d series, %d samples\n", series, samples)
}

func run(in *bufio.Reader, dir string) (int, int, error) {
	writer, err := tsdb.NewBlockWriter(log.NewNopLogger(), dir, blockSpanMs)
	if err != nil {
		return 0, 0, err
	}
	defer writer.Close()
	ctx := context.Background()
	series, samples := 0, 0
	values := make([]float64, 0, 16384)
	for {
		lset, start, step, read, err := next(in, values[:0])
		if err != nil {
			return 0, 0, err
		}
		if lset == nil {
			break
		}
		values = read
		app := writer.Appender(ctx)
		var ref storage.SeriesRef // the series found once, not hashed again at each sample
		for i, v := range values {
			if ref, err = app.Append(ref, lset, start+int64(i)*step, v); err != nil {
				return 0, 0, fmt.Errorf("series %s: %w", lset, err)
			}
		}
		if err := app.Commit(); err != nil {
			return 0, 0, err
		}
		series++
		samples += len(values)
	}
	if _, err := writer.Flush(ctx); err != nil {
		return 0, 0, err
	}
	return series, samples, nil
}

// next reads one series; nil labels at the end of the input.
func next(in *bufio.Reader, values []float64) (labels.Labels, int64, int64, []float64, error) {
	var n uint32
	if err := binary.Read(in, binary.LittleEndian, &n); err != nil {
		return nil, 0, 0, nil, fmt.Errorf("reading a header: %w", err)
	}
	if n == 0 {
		return nil, 0, 0, nil, nil
	}
	text := make([]byte, n)
	if _, err := io.ReadFull(in, text); err != nil {
		return nil, 0, 0, nil, err
	}
	var m map[string]string
	if err := json.Unmarshal(text, &m); err != nil {
		return nil, 0, 0, nil, fmt.Errorf("labels %q: %w", text, err)
	}
	var head struct {
		Start, Step int64
		Count       uint32
	}
	if err := binary.Read(in, binary.LittleEndian, &head); err != nil {
		return nil, 0, 0, nil, err
	}
	raw := make([]byte, 8*int(head.Count))
	if _, err := io.ReadFull(in, raw); err != nil {
		return nil, 0, 0, nil, err
	}
	for i := 0; i < int(head.Count); i++ {
		values = append(values, math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:])))
	}
	return labels.FromMap(m), head.Start, head.Step, values, nil
}
