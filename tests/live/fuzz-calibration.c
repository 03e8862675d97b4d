/* fuzz-calibration.c — the calibration and zone layout readers on arbitrary bytes: each
 * returns a result or a GError naming the problem, never crashes; what parses can be placed
 * against and written back out. */
#include <glib.h>
#include <stdint.h>

#include "calibration.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCalibration) cal = ts_calibration_parse (text, "fuzz", &error);
  if (cal == NULL)
    g_assert (error != NULL && error->message != NULL);
  else {
    const double q[4][2] = { { 100, 100 }, { 163, 100 }, { 163, 188 }, { 100, 188 } };
    TsPlacement pl;
    ts_calibration_place (cal, q, FALSE, &pl);
    g_free (ts_calibration_to_text (cal));
  }
  g_clear_error (&error);
  g_autoptr (TsZoneLayout) layout = ts_zone_layout_parse (text, "fuzz", &error);
  if (layout == NULL)
    g_assert (error != NULL && error->message != NULL);
  else {
    int who;
    ts_zone_layout_locate_near (layout, 10, 10, 50, &who);
    g_free (ts_zone_layout_to_text (layout));
  }
  return 0;
}
