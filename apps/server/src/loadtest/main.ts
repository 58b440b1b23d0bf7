// `npm run loadtest`: drives rooms of WebSocket bot clients against the server (being built).
process.stderr.write('loadtest: not implemented yet\n');
process.exit(2);
