/* ts-player-panel.c — a player's card on the dashboard. Life is the number people look for
 * from across the table, so it gets the most room (CSS class "life", 64 px). */
#include "ts-player-panel.h"
#include "ts-camera-view.h"

#include <errno.h>
#include <stdlib.h>

struct _TsPlayerPanel {
  GtkWidget parent_instance;

  guint player;
  int life;

  GtkWidget *box;
  GtkDrawingArea *swatch;
  GtkLabel *name_label;
  GtkLabel *status_label;
  GtkLabel *life_label;
  GtkButton *minus_button;
  GtkButton *plus_button;
  GtkEntry *life_entry;
  TsManaPool *mana_pool;
  GtkLabel *lands_label;
  GtkLabel *poison_label;
  GtkLabel *commander_label;
};

G_DEFINE_FINAL_TYPE (TsPlayerPanel, ts_player_panel, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_PLAYER, N_PROPS };
static GParamSpec *properties[N_PROPS];

gboolean
ts_player_panel_parse_life (const char *text, int current, int *out_life)
{
  g_autofree char *clean = NULL;
  char *end = NULL;
  gboolean relative;
  long value;

  if (text == NULL)
    return FALSE;
  /* People type the typographic minus too. */
  g_autoptr (GString) s = g_string_new (text);
  g_string_replace (s, "−", "-", 0);
  clean = g_strstrip (g_string_free (g_steal_pointer (&s), FALSE));
  if (clean[0] == '\0')
    return FALSE;
  relative = clean[0] == '+' || clean[0] == '-';
  errno = 0;
  value = strtol (clean, &end, 10);
  if (errno != 0 || *end != '\0' || end == clean || value < -100000 || value > 100000)
    return FALSE;
  *out_life = relative ? current + (int) value : (int) value;
  return TRUE;
}

static void
on_life_entry_activate (GtkEntry *entry, gpointer user_data)
{
  TsPlayerPanel *self = TS_PLAYER_PANEL (user_data);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  int life;

  if (!ts_player_panel_parse_life (text, self->life, &life)) {
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
    gtk_widget_error_bell (GTK_WIDGET (entry));
    return;
  }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  /* Done typing: hand the keyboard back to the window so Space steps the turn again. */
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root != NULL)
    gtk_root_set_focus (root, NULL);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.set-life", "(ii)", (int) self->player,
                              life);
}

/* A life entry holds numbers only, so Space in it still means "next step": GTK gives the
 * first entry the keyboard when the window gains focus, and the table must not stall. */
static gboolean
on_entry_key (GtkEventControllerKey *controller, guint keyval, guint keycode,
              GdkModifierType state, gpointer user_data)
{
  if (keyval != GDK_KEY_space || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (user_data), "win.next-step", NULL);
  return TRUE;
}

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  TsPlayerPanel *self = TS_PLAYER_PANEL (user_data);
  GdkRGBA color;
  ts_owner_color ((int) self->player, &color);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
ts_player_panel_constructed (GObject *object)
{
  TsPlayerPanel *self = TS_PLAYER_PANEL (object);

  G_OBJECT_CLASS (ts_player_panel_parent_class)->constructed (object);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->minus_button), "win.life-add");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->minus_button), "(ii)",
                                    (int) self->player, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->plus_button), "win.life-add");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->plus_button), "(ii)",
                                    (int) self->player, 1);
  gtk_drawing_area_set_draw_func (self->swatch, draw_swatch, self, NULL);
}

static void
ts_player_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsPlayerPanel *self = TS_PLAYER_PANEL (object);
  switch (prop_id) {
  case PROP_PLAYER:
    g_value_set_uint (value, self->player);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
ts_player_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  TsPlayerPanel *self = TS_PLAYER_PANEL (object);
  switch (prop_id) {
  case PROP_PLAYER:
    self->player = g_value_get_uint (value);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
ts_player_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_PLAYER_PANEL);
  G_OBJECT_CLASS (ts_player_panel_parent_class)->dispose (object);
}

static void
ts_player_panel_class_init (TsPlayerPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ts_player_panel_constructed;
  object_class->dispose = ts_player_panel_dispose;
  object_class->get_property = ts_player_panel_get_property;
  object_class->set_property = ts_player_panel_set_property;

  properties[PROP_PLAYER] =
    g_param_spec_uint ("player", NULL, NULL, 0, 63, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TS_TYPE_MANA_POOL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-player-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, box);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, swatch);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, life_label);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, minus_button);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, plus_button);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, life_entry);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, mana_pool);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, lands_label);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, poison_label);
  gtk_widget_class_bind_template_child (widget_class, TsPlayerPanel, commander_label);
  gtk_widget_class_bind_template_callback (widget_class, on_life_entry_activate);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playerpanel");
}

static void
ts_player_panel_init (TsPlayerPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->life = 20;

  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_entry_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->life_entry), keys);
}

GtkWidget *
ts_player_panel_new (guint player)
{
  return g_object_new (TS_TYPE_PLAYER_PANEL, "player", player, NULL);
}

guint
ts_player_panel_get_player (TsPlayerPanel *self)
{
  g_return_val_if_fail (TS_IS_PLAYER_PANEL (self), 0);
  return self->player;
}

void
ts_player_panel_set_name (TsPlayerPanel *self, const char *name)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  gtk_label_set_text (self->name_label, name != NULL ? name : "");
}

void
ts_player_panel_set_life (TsPlayerPanel *self, int life)
{
  char text[16];

  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  self->life = life;
  g_snprintf (text, sizeof text, "%d", life);
  gtk_label_set_text (self->life_label, text);
  if (life <= 5)
    gtk_widget_add_css_class (GTK_WIDGET (self->life_label), "low");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->life_label), "low");
}

const char *
ts_player_panel_get_life_text (TsPlayerPanel *self)
{
  g_return_val_if_fail (TS_IS_PLAYER_PANEL (self), NULL);
  return gtk_label_get_text (self->life_label);
}

const char *
ts_player_panel_get_poison_text (TsPlayerPanel *self)
{
  g_return_val_if_fail (TS_IS_PLAYER_PANEL (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->poison_label)))
    return NULL;
  return gtk_label_get_text (self->poison_label);
}

const char *
ts_player_panel_get_commander_text (TsPlayerPanel *self)
{
  g_return_val_if_fail (TS_IS_PLAYER_PANEL (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->commander_label)))
    return NULL;
  return gtk_label_get_text (self->commander_label);
}

void
ts_player_panel_set_poison (TsPlayerPanel *self, int poison, gboolean shown)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  g_autofree char *text = g_strdup_printf ("Poison %d", poison);
  gtk_label_set_text (self->poison_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->poison_label), shown);
}

void
ts_player_panel_set_commander (TsPlayerPanel *self, const char *text)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  g_autofree char *full = text != NULL ? g_strdup_printf ("Commander damage: %s", text) : NULL;
  gtk_label_set_text (self->commander_label, full != NULL ? full : "");
  gtk_widget_set_visible (GTK_WIDGET (self->commander_label), text != NULL);
}

void
ts_player_panel_set_mana (TsPlayerPanel *self, const int amounts[TS_MANA_N])
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  ts_mana_pool_set (self->mana_pool, amounts);
}

void
ts_player_panel_set_lands_played (TsPlayerPanel *self, int lands, int allowed)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  g_autofree char *text = g_strdup_printf ("Lands %d/%d", lands, allowed);
  gtk_label_set_text (self->lands_label, text);
  if (lands > allowed)
    gtk_widget_add_css_class (GTK_WIDGET (self->lands_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->lands_label), "error");
}

void
ts_player_panel_set_active (TsPlayerPanel *self, gboolean active)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  if (active)
    gtk_widget_add_css_class (GTK_WIDGET (self), "active");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "active");
}

void
ts_player_panel_set_status (TsPlayerPanel *self, const char *status)
{
  g_return_if_fail (TS_IS_PLAYER_PANEL (self));
  gtk_label_set_text (self->status_label, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), status != NULL);
  if (status != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "out");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "out");
}
