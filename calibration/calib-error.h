/* calib-error.h — the error domain of libtscalib (calibration files, layouts, homographies). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TS_CALIB_ERROR (ts_calib_error_quark ())
GQuark ts_calib_error_quark (void);

typedef enum {
  TS_CALIB_ERROR_IO,        /* file missing or unwritable */
  TS_CALIB_ERROR_PARSE,     /* malformed file: message names the file and line */
  TS_CALIB_ERROR_INVALID,   /* well-formed but unusable (degenerate points, bad polygon) */
  TS_CALIB_ERROR_NOT_FOUND, /* no chessboard found, unknown layout name */
} TsCalibError;

G_END_DECLS
