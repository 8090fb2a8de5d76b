/** `chuhan config`: the board's settings (`<state>/config.json`): show them, set one, reset one or all. */
import type { Command } from 'commander';
import { CliError, type Io } from '../context.js';
import { dirname } from 'node:path';
import { quoteInput } from '../../core/text.js';

interface ConfigCliOptions {
  reset?: string;
  json?: boolean;
}

export function registerConfig(program: Command, io: Io): void {
  program
    .command('config')
    .description("show or set the board's settings (theme, bell, blindfold, vim keys, autoplay speed, eval bar, material) in the state folder's config.json")
    // the keys and values in words (test/board-extras.test.tsx checks them against settings.ts, not loaded here)
    .argument('[key]', 'a setting to show or set: theme, bell, blindfold, vimKeys, autoplayMs, evalBar, material')
    .argument('[value]', 'its new value: theme classic | light | high-contrast | wood | mono; autoplayMs 100 to 60000 (ms a move); the others on | off')
    .option('--reset <key>', 'back to the default: one key, or all')
    .option('--json', 'the settings as one JSON object')
    .action(async (keyText: string | undefined, value: string | undefined, opts: ConfigCliOptions) => {
      const s = await import('../../tui/settings.js');
      const known = `known settings: ${s.SETTING_KEYS.join(', ')}`;
      const keyOf = (t: string): ReturnType<typeof s.settingKey> => {
        const k = s.settingKey(t);
        if (!k) throw new CliError(`unknown setting ${quoteInput(t)} (${known})`, 2);
        return k;
      };
      const write = async (key: Parameters<typeof s.saveSetting>[1], v: Parameters<typeof s.saveSetting>[2]): Promise<string> => {
        try {
          return s.saveSetting(io.env, key, v);
        } catch (e) {
          // the state folder's problem in the words the saved games use (read-only, full, a file in the way…);
          // an output that cannot be written is exit 2, as for show -o, convert and review
          const { storageProblem } = await import('../../tui/store.js');
          throw new CliError(storageProblem(e, dirname(s.settingsFile(io.env)), 'the settings'), 2);
        }
      };
      if (opts.reset !== undefined) {
        if (keyText !== undefined) throw new CliError('--reset takes the key itself: chuhan config --reset KEY (or --reset all)', 2);
        const key = opts.reset.toLowerCase() === 'all' ? 'all' : keyOf(opts.reset)!;
        const file = await write(key, undefined);
        io.out(key === 'all' ? `every setting is back to its default (${file})\n` : `${key} is back to its default, ${s.formatSetting(s.DEFAULT_SETTINGS[key])} (${file})\n`);
        return;
      }
      if (keyText !== undefined && value !== undefined) {
        const key = keyOf(keyText)!;
        const p = s.parseSetting(key, value);
        if (!p.ok) throw new CliError(p.error, 2);
        const file = await write(key, p.value);
        io.out(`${key} = ${s.formatSetting(p.value)} (${file})\n`);
        return;
      }
      const loaded = s.loadSettings(io.env);
      for (const w of loaded.warnings) io.err(`chuhan: warning: ${w}\n`);
      const keys = keyText !== undefined ? [keyOf(keyText)!] : s.SETTING_KEYS;
      if (opts.json) {
        const obj: Record<string, unknown> = {};
        for (const k of keys) obj[k] = { value: loaded.settings[k], from: loaded.fromFile.has(k) ? 'config' : 'default' };
        io.out(`${JSON.stringify({ file: loaded.file, settings: obj }, null, 2)}\n`);
        return;
      }
      const width = Math.max(...keys.map((k) => k.length));
      const valueWidth = Math.max(...keys.map((k) => s.formatSetting(loaded.settings[k]).length));
      for (const k of keys) {
        const v = s.formatSetting(loaded.settings[k]);
        const from = loaded.fromFile.has(k) ? 'config.json' : 'default';
        io.out(`${k.padEnd(width)}  ${v.padEnd(valueWidth)}  ${from.padEnd(11)}  ${s.SETTING_HELP[k]}\n`);
      }
      if (keyText === undefined) io.out(`file: ${loaded.file}; chuhan config KEY VALUE sets one, --reset KEY puts it back; play's options override them\n`);
    });
}
