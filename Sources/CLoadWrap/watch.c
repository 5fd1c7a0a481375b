#include "cloadwrap.h"

#include <string.h>

// The loops of --until and --progress-from that run once a byte or once a line (LineMatcher,
// LineAutomaton): in C, as Swift's per-call retains and bounds checks cost more than the work.

// Written so the compiler vectorises it (no early exit inside a block): the test runs over every
// chunk a --until or --progress-from literal is looked for in, at memchr-like speed.
int lw_is_plain_text(const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    enum { block = 4096 };
    for (size_t done = 0; done < length; done += block) {
        size_t end = length - done < block ? length - done : block;
        unsigned char bad = 0;
        for (size_t i = 0; i < end; i++) {
            unsigned char b = p[done + i];
            bad |= (unsigned char)((unsigned char)(b - 0x20) >= 0x5F) & (b != '\n') & (b != '\r');
        }
        if (bad) return 0;
    }
    return 1;
}

int lw_automaton_run(const lw_automaton *automaton, const unsigned char *first, size_t count, int step) {
    int32_t state = automaton->start;
    if (state < 0) return state == LW_MATCHED ? LW_MAYBE : LW_NO;
    const unsigned char *p = first;
    for (size_t i = 0; i < count; i++, p += step) {
        int32_t next = automaton->table[(size_t)state * 256 + *p];
        if (next >= 0) {
            state = next;
            continue;
        }
        if (next == LW_LINE_BREAK) break;
        if (next == LW_UNDECIDED) return LW_UNDECIDED_VERDICT;
        return next == LW_MATCHED ? LW_MAYBE : LW_NO;
    }
    return automaton->accepts_at_end[state] ? LW_MAYBE : LW_NO;
}

// Whether the occurrence at `offset` survives the automata around it (an undecided side: yes).
static int survives(const lw_literal_search *search, const unsigned char *region, size_t length, size_t offset) {
    if (!search->before || !search->after) return 1;
    size_t end = offset + search->length;
    return lw_automaton_run(search->before, offset ? region + offset - 1 : region, offset, -1) != LW_NO
        && lw_automaton_run(search->after, region + end, length - end, 1) != LW_NO;
}

// Whether the literal is at `offset` (its anchor byte is known to be).
static int literal_at(const lw_literal_search *search, const unsigned char *region, size_t offset) {
    return search->length == 1 || memcmp(region + offset, search->literal, search->length) == 0;
}

ptrdiff_t lw_next_candidate(const lw_literal_search *search, const unsigned char *region, size_t length, size_t from) {
    if (length < search->length) return -1;
    size_t anchor = search->anchor, last = length - search->length + anchor;
    unsigned char byte = search->literal[anchor];
    for (size_t at = from + anchor; at <= last;) {
        const unsigned char *found = memchr(region + at, byte, last + 1 - at);
        if (!found) return -1;
        size_t offset = (size_t)(found - region) - anchor;
        if (literal_at(search, region, offset) && survives(search, region, length, offset)) return (ptrdiff_t)offset;
        at = offset + anchor + 1;
    }
    return -1;
}

ptrdiff_t lw_last_candidate(const lw_literal_search *search, const unsigned char *region, size_t length, size_t limit) {
    if (length < search->length) return -1;
    size_t anchor = search->anchor, bound = length - search->length + 1;
    size_t end = (limit < bound ? limit : bound) + anchor;
    unsigned char byte = search->literal[anchor];
    while (end > anchor) {
        const unsigned char *found = lw_memrchr(region + anchor, byte, end - anchor);
        if (!found) return -1;
        size_t offset = (size_t)(found - region) - anchor;
        if (literal_at(search, region, offset) && survives(search, region, length, offset)) return (ptrdiff_t)offset;
        end = offset + anchor;
    }
    return -1;
}
