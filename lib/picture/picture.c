/* picture.c: recording a lesson's rows (picture.h) and opening, closing and finishing its picture file
 * (picture_draw.h's picture_open, picture_close, picture_finish). The drawing helpers are picture_draw.c's. */
#include "picture/picture_draw.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

Picture picture_start(const char *file)
{
    const char *path = getenv("LESSON_PICTURE");
    return (Picture){.file = file, .path = path != NULL && path[0] != '\0' ? path : NULL};
}

/* items (*cap of item_size bytes) with room for item n: the same pointer, or a larger copy (*cap doubled), or
 * NULL when out of memory (items is then unchanged). */
static void *picture_grow(void *items, size_t *cap, size_t n, size_t item_size)
{
    if (n < *cap)
        return items;
    size_t more = *cap > 0 ? 2 * *cap : 16;
    void *grown = realloc(items, more * item_size);
    if (grown != NULL)
        *cap = more;
    return grown;
}

PictureRow *picture_row(Picture *pic, int group, const char *label, const Candidates *c)
{
    if (pic->path == NULL || pic->out_of_memory)
        return NULL;
    PictureRow *rows = picture_grow(pic->rows, &pic->rows_cap, pic->n_rows, sizeof *pic->rows);
    if (rows == NULL) {
        pic->out_of_memory = true;
        return NULL;
    }
    pic->rows = rows;
    PictureRow *row = &pic->rows[pic->n_rows++];
    *row = (PictureRow){.group = group};
    lesson_text_add(&row->label, label != NULL ? label : "", label != NULL ? strlen(label) : 0);
    if (c != NULL && c->size > 0) {
        row->data = malloc(c->size * sizeof *c->data);
        pic->out_of_memory |= row->data == NULL;
        if (row->data != NULL)
            memcpy(row->data, c->data, c->size * sizeof *c->data);
        row->size = row->data != NULL ? c->size : 0;
    }
    return row;
}

void picture_row_value(Picture *pic, PictureRow *row, double value)
{
    if (row == NULL || pic->out_of_memory)
        return;
    double *values = picture_grow(row->values, &row->values_cap, row->n_values, sizeof *row->values);
    pic->out_of_memory |= values == NULL;
    if (values != NULL) {
        row->values = values;
        row->values[row->n_values++] = value;
    }
}

void picture_row_id(Picture *pic, PictureRow *row, int32_t id)
{
    if (row == NULL || pic->out_of_memory)
        return;
    int32_t *ids = picture_grow(row->ids, &row->ids_cap, row->n_ids, sizeof *row->ids);
    pic->out_of_memory |= ids == NULL;
    if (ids != NULL) {
        row->ids = ids;
        row->ids[row->n_ids++] = id;
    }
}

void picture_value(Picture *pic, double value)
{
    picture_row_value(pic, pic->n_rows > 0 ? &pic->rows[pic->n_rows - 1] : NULL, value);
}

void picture_id(Picture *pic, int32_t id)
{
    picture_row_id(pic, pic->n_rows > 0 ? &pic->rows[pic->n_rows - 1] : NULL, id);
}

/* Frees what the rows hold; the Picture is empty afterwards. */
static void picture_free(Picture *pic)
{
    for (size_t i = 0; i < pic->n_rows; i++) {
        free(pic->rows[i].data);
        free(pic->rows[i].values);
        free(pic->rows[i].ids);
    }
    free(pic->rows);
    pic->rows = NULL;
    pic->n_rows = pic->rows_cap = 0;
}

bool picture_open(PictureFile *pf, const char *file, const char *path, double width, double height,
                  const char *title)
{
    *pf = (PictureFile){file, path, NULL, {0}};
    if (path == NULL)
        return false;
    errno = 0;
    pf->out = fopen(path, "w");
    if (pf->out == NULL) {
        lesson_say(file, "", "cannot write the picture \"%s\" (LESSON_PICTURE): %s", path,
                   errno != 0 ? strerror(errno) : "fopen failed");
        return false;
    }
    svg_begin(&pf->svg, pf->out, width, height, title);
    return true;
}

int picture_close(PictureFile *pf)
{
    if (pf->path == NULL)
        return 0;
    if (pf->out == NULL)
        return 1;
    bool failed = svg_end(&pf->svg) != 0;
    failed |= fclose(pf->out) != 0;
    if (failed)
        lesson_say(pf->file, "", "could not finish writing the picture \"%s\" (LESSON_PICTURE)", pf->path);
    return failed ? 1 : 0;
}

int picture_finish(Picture *pic, int status)
{
    bool out_of_memory = pic->out_of_memory;
    picture_free(pic);
    if (out_of_memory) {
        lesson_say(pic->file, "", "out of memory while recording the picture; none written");
        return 1;
    }
    return status;
}
