// The VS Code extension: starts `decksmith lsp` for rule and scenario files and connects to it.
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** Starts the language server with the command of the `decksmith.server` settings. */
export async function activate(context: ExtensionContext): Promise<void> {
  const config = workspace.getConfiguration('decksmith.server');
  const command = config.get<string>('command', 'npx');
  const args = config.get<string[]>('args', ['--no-install', 'decksmith', 'lsp', '--stdio']);
  const cwd = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server: ServerOptions = { command, args, options: cwd ? { cwd } : {} };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'decksmith' },
      { scheme: 'file', language: 'decksmith-scenario' },
      { scheme: 'untitled', language: 'decksmith' },
    ],
  };
  client = new LanguageClient('decksmith', 'Decksmith', server, clientOptions);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
