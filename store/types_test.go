package store

import "testing"

// TestAnswerRun: the first version of a batch, the first one out of
// sequence, and the refusal of an empty batch.
func TestAnswerRun(t *testing.T) {
	tests := []struct {
		name       string
		versions   []int
		first, gap int
		wantErr    bool
	}{
		{"empty", nil, 0, 0, true},
		{"one", []int{5}, 5, 0, false},
		{"in sequence", []int{5, 6, 7}, 5, 0, false},
		{"a gap", []int{5, 6, 8, 9}, 5, 8, false},
		{"a repeat", []int{5, 5}, 5, 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var as []Answer
			for _, v := range tt.versions {
				as = append(as, Answer{Version: v})
			}
			first, gap, err := AnswerRun(3, as)
			if (err != nil) != tt.wantErr || first != tt.first || gap != tt.gap {
				t.Errorf("AnswerRun(%v) = %d, %d, %v; want %d, %d, error %v", tt.versions, first, gap, err, tt.first, tt.gap, tt.wantErr)
			}
		})
	}
}
