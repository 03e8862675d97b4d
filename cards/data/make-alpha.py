#!/usr/bin/env python3
"""make-alpha.py — writes alpha.json, the bundled Limited Edition Alpha card set.

Reads a Scryfall-shaped cards.json (../shared/carddata/cards.json by default), keeps every card
with an LEA printing plus the six Alpha cards the source lacks an LEA printing for, keeps only
their LEA printings, and marks the cards Alpha printed with the 1993 type "Interrupt".
Run once; the output is committed.  Usage: make-alpha.py [CARDS_JSON] [OUT_JSON]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '..', '..', 'shared', 'carddata', 'cards.json')
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, 'alpha.json')

# Alpha cards the source has only without an LEA printing; collector numbers are the gaps in
# the LEA numbering (alphabetical within colour), all six were rares.
MISSING_LEA = {
    'Magical Hack': '63',
    'Sleight of Mind': '78',
    'Contract from Below': '96',
    'Darkpact': '99',
    'Demonic Attorney': '102',
    'Illusionary Mask': '249',
}
LEA_RELEASED = '1993-08-05'

# Cards whose Alpha printing says "Interrupt" (modern Oracle text: Instant).
INTERRUPTS = {
    'Blue Elemental Blast', 'Chaoslace', 'Counterspell', 'Dark Ritual', 'Deathlace', 'Fork',
    'Lifelace', 'Magical Hack', 'Power Sink', 'Purelace', 'Red Elemental Blast', 'Sacrifice',
    'Sleight of Mind', 'Spell Blast', 'Thoughtlace',
}

KEEP = ['object', 'name', 'ascii_name', 'layout', 'mana_cost', 'cmc', 'type_line', 'power',
        'toughness', 'loyalty', 'defense', 'colors', 'keywords', 'card_faces']


def main():
    with open(SRC, encoding='utf-8') as f:
        cards = json.load(f)
    out = []
    for c in cards:
        lea = [p for p in c['printings'] if p['set'] == 'LEA']
        if not lea and c['name'] in MISSING_LEA:
            lea = [{'set': 'LEA', 'set_name': 'Limited Edition Alpha', 'released': LEA_RELEASED,
                    'collector_number': MISSING_LEA[c['name']], 'rarity': 'rare'}]
        if not lea:
            continue
        o = {k: c[k] for k in KEEP if k in c}
        if c['name'] in INTERRUPTS:
            assert c['type_line'] == 'Instant', c['name']
            o['printed_type'] = 'Interrupt'
        o['printings'] = [{k: p[k] for k in ('set', 'collector_number', 'rarity', 'released')}
                          for p in lea]
        out.append(o)
    missing = set(MISSING_LEA) | INTERRUPTS
    missing -= {o['name'] for o in out}
    assert not missing, missing
    with open(OUT, 'w', encoding='utf-8') as f:
        f.write('[\n')
        f.write(',\n'.join(json.dumps(o, ensure_ascii=False, separators=(',', ':')) for o in out))
        f.write('\n]\n')
    print(f'{OUT}: {len(out)} cards, {sum(len(o["printings"]) for o in out)} printings')


if __name__ == '__main__':
    main()
