// vterm-replay: replays terminal output in libvterm (the engine of vim's and neovim's
// :terminal) and prints the final screen, for the end-to-end screen tests (EngineReplay.swift).
//
//   vterm-replay COLS ROWS FILE...
//
// For each FILE, on a fresh COLS x ROWS terminal: "file PATH", "scrollback N" and N rows (oldest
// first), "screen ROWS" and ROWS rows, "cursor ROW COL VISIBLE ALTSCREEN", "end". A row is its
// text, trailing default blanks dropped, with rendition changes marked ⟦codes⟧ as in the tests'
// own terminal model (1 bold, 3 italic, 4 underline, 7 reverse, 9 strike, 38:5:N/38:2:R:G:B and
// 48:… colours). libvterm keeps no scrollback of its own: rows it scrolls off arrive through
// the sb_pushline callback and are kept here.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

typedef struct {
    char **rows;
    int count, capacity;
    int cursor_visible, altscreen;
} Replay;

typedef struct {
    char *text;
    size_t length, capacity;
} Buffer;

static void append(Buffer *b, const char *bytes, size_t n) {
    if (b->length + n + 1 > b->capacity) {
        b->capacity = (b->length + n + 1) * 2;
        b->text = realloc(b->text, b->capacity);
        if (!b->text) { perror("vterm-replay"); exit(2); }
    }
    memcpy(b->text + b->length, bytes, n);
    b->length += n;
    b->text[b->length] = 0;
}

static void append_utf8(Buffer *b, uint32_t c) {
    char out[4];
    size_t n;
    if (c < 0x80) { out[0] = (char)c; n = 1; }
    else if (c < 0x800) { out[0] = (char)(0xC0 | c >> 6); out[1] = (char)(0x80 | (c & 0x3F)); n = 2; }
    else if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12); out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F)); n = 3;
    } else {
        out[0] = (char)(0xF0 | c >> 18); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
        out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F)); n = 4;
    }
    append(b, out, n);
}

static void colour(char *out, size_t size, const char *base, const VTermColor *c, int is_default) {
    if (is_default) out[0] = 0;
    else if (VTERM_COLOR_IS_INDEXED(c)) snprintf(out, size, ";%s:5:%d", base, c->indexed.idx);
    else snprintf(out, size, ";%s:2:%d:%d:%d", base, c->rgb.red, c->rgb.green, c->rgb.blue);
}

// The rendition of a cell as ⟦…⟧ codes, empty for the default one.
static void rendition(const VTermScreenCell *cell, char *out, size_t size) {
    char fg[32], bg[32];
    colour(fg, sizeof fg, "38", &cell->fg, VTERM_COLOR_IS_DEFAULT_FG(&cell->fg));
    colour(bg, sizeof bg, "48", &cell->bg, VTERM_COLOR_IS_DEFAULT_BG(&cell->bg));
    snprintf(out, size, "%s%s%s%s%s%s%s", cell->attrs.bold ? ";1" : "", cell->attrs.italic ? ";3" : "",
             cell->attrs.underline ? ";4" : "", cell->attrs.reverse ? ";7" : "", cell->attrs.strike ? ";9" : "", fg, bg);
}

// libvterm 0.1.4 fills the rows it scrolls in with zeroed cells: RGB 0,0,0 colours not flagged
// as the default ones, where an erase (EL, ED) leaves default ones. Both are blanks no sequence
// coloured, so a run of them at a row's end is dropped alike; a colour a program set is kept.
static int is_zeroed(const VTermScreenCell *cell) {
    const VTermColor *fg = &cell->fg, *bg = &cell->bg;
    return VTERM_COLOR_IS_RGB(fg) && VTERM_COLOR_IS_RGB(bg) && !VTERM_COLOR_IS_DEFAULT_FG(fg) && !VTERM_COLOR_IS_DEFAULT_BG(bg)
        && fg->rgb.red == 0 && fg->rgb.green == 0 && fg->rgb.blue == 0 && bg->rgb.red == 0 && bg->rgb.green == 0
        && bg->rgb.blue == 0 && !cell->attrs.bold && !cell->attrs.italic && !cell->attrs.underline && !cell->attrs.reverse
        && !cell->attrs.strike;
}

// A blank whose rendition shows nothing: no background, underline, reverse or strike (bold,
// italic and a foreground colour change nothing on a blank). A run of them at a row's end is
// dropped as default blanks are: only what is on the screen is compared.
static int shows_nothing(const VTermScreenCell *cell) {
    return VTERM_COLOR_IS_DEFAULT_BG(&cell->bg) && !cell->attrs.underline && !cell->attrs.reverse && !cell->attrs.strike;
}

static int is_default_blank(const VTermScreenCell *cell) {
    return (cell->chars[0] == 0 || cell->chars[0] == ' ') && (shows_nothing(cell) || is_zeroed(cell));
}

// One row as text; the right half of a wide character (chars[0] == -1) adds nothing.
static char *format_row(const VTermScreenCell *cells, int cols) {
    Buffer b = {0};
    append(&b, "", 0);
    int end = cols;
    while (end > 0 && is_default_blank(&cells[end - 1])) end--;
    char current[128] = "", next[128];
    for (int col = 0; col < end; col++) {
        const VTermScreenCell *cell = &cells[col];
        if (cell->chars[0] == (uint32_t)-1) continue;
        rendition(cell, next, sizeof next);
        if (strcmp(next, current) != 0) {
            append(&b, "⟦", strlen("⟦"));
            append(&b, next[0] ? next + 1 : "", next[0] ? strlen(next) - 1 : 0);
            append(&b, "⟧", strlen("⟧"));
            strcpy(current, next);
        }
        if (cell->chars[0] == 0) append(&b, " ", 1);
        for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell->chars[i]; i++) append_utf8(&b, cell->chars[i]);
    }
    if (current[0]) append(&b, "⟦⟧", strlen("⟦⟧"));
    return b.text;
}

static int push_line(int cols, const VTermScreenCell *cells, void *user) {
    Replay *replay = user;
    if (replay->count == replay->capacity) {
        replay->capacity = replay->capacity ? replay->capacity * 2 : 256;
        replay->rows = realloc(replay->rows, sizeof(char *) * (size_t)replay->capacity);
        if (!replay->rows) { perror("vterm-replay"); exit(2); }
    }
    replay->rows[replay->count++] = format_row(cells, cols);
    return 1;
}

static int set_property(VTermProp prop, VTermValue *value, void *user) {
    Replay *replay = user;
    if (prop == VTERM_PROP_CURSORVISIBLE) replay->cursor_visible = value->boolean;
    if (prop == VTERM_PROP_ALTSCREEN) replay->altscreen = value->boolean;
    return 1;
}

// Answers to queries (DA, DSR) go nowhere: the pty under test had no one answering either.
static void discard_output(const char *bytes, size_t length, void *user) {
    (void)bytes; (void)length; (void)user;
}

static void print_screen(VTerm *vt, VTermScreen *screen, Replay *replay, int rows, int cols) {
    printf("scrollback %d\n", replay->count);
    for (int i = 0; i < replay->count; i++) printf("%s\n", replay->rows[i]);
    printf("screen %d\n", rows);
    VTermScreenCell *cells = calloc((size_t)cols, sizeof *cells);
    for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) vterm_screen_get_cell(screen, (VTermPos){row, col}, &cells[col]);
        char *text = format_row(cells, cols);
        printf("%s\n", text);
        free(text);
    }
    free(cells);
    VTermPos cursor;
    vterm_state_get_cursorpos(vterm_obtain_state(vt), &cursor);
    printf("cursor %d %d %d %d\nend\n", cursor.row, cursor.col, replay->cursor_visible, replay->altscreen);
}

static int replay_file(const char *path, int rows, int cols) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); return 1; }
    Replay replay = {.cursor_visible = 1};
    VTerm *vt = vterm_new(rows, cols);
    vterm_set_utf8(vt, 1);
    vterm_output_set_callback(vt, discard_output, NULL);
    VTermScreen *screen = vterm_obtain_screen(vt);
    static const VTermScreenCallbacks callbacks = {.settermprop = set_property, .sb_pushline = push_line};
    vterm_screen_set_callbacks(screen, &callbacks, &replay);
    vterm_screen_enable_altscreen(screen, 1);
    vterm_screen_reset(screen, 1);
    char buffer[65536];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) vterm_input_write(vt, buffer, n);
    fclose(file);
    vterm_screen_flush_damage(screen);
    printf("file %s\n", path);
    print_screen(vt, screen, &replay, rows, cols);
    for (int i = 0; i < replay.count; i++) free(replay.rows[i]);
    free(replay.rows);
    vterm_free(vt);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: vterm-replay COLS ROWS FILE...\n");
        return 2;
    }
    int cols = atoi(argv[1]), rows = atoi(argv[2]), status = 0;
    for (int i = 3; i < argc; i++) status |= replay_file(argv[i], rows, cols);
    return status;
}
