/* ts-application.c — the tablesight GtkApplication: creates the window, owns app-wide actions
 * (quit, about, dark style) and the keyboard accelerators every window action uses. */
#include "ts-config.h"
#include "ts-application.h"
#include "ts-live-feed.h"
#include "ts-screenshot.h"
#include "ts-window.h"

struct _TsApplication {
  GtkApplication parent_instance;

  TsDashboardOptions options; /* strings owned */
  GtkCssProvider *css;
  GError *error;              /* what went wrong with a non-interactive run (--screenshot) */
};

G_DEFINE_FINAL_TYPE (TsApplication, ts_application, GTK_TYPE_APPLICATION)

/* One accelerator table so menus, the shortcuts window and tests agree. Space (next step) is
 * not here: application accelerators see keys before the focused widget, so a bare Space
 * would never reach a text entry; the window binds it in the bubble phase instead. */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "win.pass-turn",       { "<Ctrl>Return", NULL } },
  { "win.new-game",        { "<Ctrl>n", NULL } },
  { "win.undo",            { "<Ctrl>z", NULL } },
  { "win.redo",            { "<Ctrl><Shift>z", "<Ctrl>y", NULL } },
  { "win.open-store",      { "<Ctrl>o", NULL } },
  { "win.save-store",      { "<Ctrl>s", NULL } },
  { "win.choose-source",   { "<Ctrl>k", NULL } },
  { "win.play-session",    { "<Ctrl>r", NULL } },
  { "win.fullscreen",      { "F11", NULL } },
  { "win.show-view::table",       { "<Alt>1", NULL } },
  { "win.show-view::battlefield", { "<Alt>2", NULL } },
  { "win.show-view::log",         { "<Alt>3", NULL } },
  { "win.life-add((0,1))",  { "<Ctrl>Up", NULL } },
  { "win.life-add((0,-1))", { "<Ctrl>Down", NULL } },
  { "win.life-add((1,1))",  { "<Ctrl><Shift>Up", NULL } },
  { "win.life-add((1,-1))", { "<Ctrl><Shift>Down", NULL } },
  { "app.dark-style",      { "<Ctrl>d", NULL } },
  { "app.quit",            { "<Ctrl>q", NULL } },
  { "win.show-help-overlay", { "<Ctrl>question", NULL } },
};

void
ts_application_set_dark (TsApplication *self, gboolean dark)
{
  g_return_if_fail (TS_IS_APPLICATION (self));
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "dark-style");
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (dark));
}

static void
on_dark_style (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  g_autoptr (GVariant) state = g_action_get_state (G_ACTION (action));
  ts_application_set_dark (TS_APPLICATION (user_data), !g_variant_get_boolean (state));
}

static void
on_quit (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL;) {
    GList *next = l->next;
    gtk_window_destroy (GTK_WINDOW (l->data));
    l = next;
  }
}

static void
on_about (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  static const char *authors[] = { "The tablesight authors", NULL };
  gtk_show_about_dialog (parent,
                         "program-name", "tablesight",
                         "logo-icon-name", TS_APPLICATION_ID,
                         "version", TS_VERSION,
                         "comments", "A referee's view of a physical card game table",
                         "license-type", GTK_LICENSE_MIT_X11,
                         "authors", authors,
                         NULL);
}

static const GActionEntry app_actions[] = {
  { .name = "dark-style", .activate = on_dark_style, .state = "false" },
  { .name = "quit", .activate = on_quit },
  { .name = "about", .activate = on_about },
};

static void
ts_application_startup (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);

  G_APPLICATION_CLASS (ts_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);

  self->css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (self->css, "/org/tablesight/Tablesight/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (self->css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (TS_APPLICATION_ID);
}

/* Whether the window is still playing a recording: a session from its truth, or a recorded
 * folder or video through the camera pipeline (a camera never ends: not waited for). */
static gboolean
playing_recording (TsWindow *window)
{
  TsLiveFeed *feed = ts_window_get_live_feed (window);
  if (feed != NULL && ts_live_feed_is_recording (feed) && ts_live_feed_is_running (feed))
    return TRUE;
  return ts_window_is_playing (window);
}

/* --screenshot: wait for a few painted frames (layout settles) after a recording has played
 * through, save, quit. */
static void
on_screenshot_paint (GdkFrameClock *clock, gpointer user_data)
{
  GtkWidget *window = GTK_WIDGET (user_data);
  int frames = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "ts-frames")) + 1;
  if (playing_recording (TS_WINDOW (window)))
    frames = 0;
  g_object_set_data (G_OBJECT (window), "ts-frames", GINT_TO_POINTER (frames));
  if (frames < 3) {
    gtk_widget_queue_draw (window);
    return;
  }
  g_signal_handlers_disconnect_by_func (clock, on_screenshot_paint, user_data);
  TsApplication *self = TS_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)));
  g_clear_error (&self->error);
  ts_widget_save_png (window, self->options.screenshot_path, &self->error);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_window_map (GtkWidget *window, gpointer user_data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_screenshot_paint), window);
  gtk_widget_queue_draw (window);
}

static void
ts_application_activate (GApplication *app)
{
  TsApplication *self = TS_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL) {
    TsWindow *win = ts_window_new (self);
    g_autoptr (GError) error = NULL;
    if (!ts_window_load (win, &self->options, &error))
      ts_window_show_error (win, "Could not open the game", error);
    window = GTK_WINDOW (win);
    if (self->options.screenshot_path != NULL)
      g_signal_connect (win, "map", G_CALLBACK (on_window_map), NULL);
  }
  gtk_window_present (window);
}

static void
ts_application_finalize (GObject *object)
{
  TsApplication *self = TS_APPLICATION (object);

  g_free ((char *) self->options.log_path);
  g_free ((char *) self->options.replay_path);
  g_free ((char *) self->options.session_dir);
  g_free ((char *) self->options.cards_path);
  g_free ((char *) self->options.screenshot_path);
  g_free ((char *) self->options.source_spec);
  g_free ((char *) self->options.calibration_path);
  g_free ((char *) self->options.demo_dir);
  g_clear_object (&self->css);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (ts_application_parent_class)->finalize (object);
}

static void
ts_application_class_init (TsApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ts_application_finalize;
  G_APPLICATION_CLASS (klass)->startup = ts_application_startup;
  G_APPLICATION_CLASS (klass)->activate = ts_application_activate;
}

static void
ts_application_init (TsApplication *self)
{
}

TsApplication *
ts_application_new (const TsDashboardOptions *options)
{
  /* NON_UNIQUE: a judge may run one dashboard per table on one machine. */
  TsApplication *self = g_object_new (TS_TYPE_APPLICATION,
                                      "application-id", TS_APPLICATION_ID,
                                      "flags", G_APPLICATION_NON_UNIQUE,
                                      "resource-base-path", "/org/tablesight/Tablesight",
                                      NULL);
  if (options != NULL) {
    self->options.log_path = g_strdup (options->log_path);
    self->options.replay_path = g_strdup (options->replay_path);
    self->options.session_dir = g_strdup (options->session_dir);
    self->options.cards_path = g_strdup (options->cards_path);
    self->options.screenshot_path = g_strdup (options->screenshot_path);
    self->options.source_spec = g_strdup (options->source_spec);
    self->options.calibration_path = g_strdup (options->calibration_path);
    self->options.demo_dir = g_strdup (options->demo_dir);
  }
  return self;
}

const GError *
ts_application_get_error (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);
  return self->error;
}

const TsDashboardOptions *
ts_application_get_options (TsApplication *self)
{
  g_return_val_if_fail (TS_IS_APPLICATION (self), NULL);
  return &self->options;
}
