/// Every backend process a session started, so that all are stopped at its end.
actor ProcessRegistry {
    private var processes: [BackendProcess] = []

    func add(_ process: BackendProcess) { processes.append(process) }

    func stopAll() async {
        for process in processes { await process.stop() }
        processes = []
    }
}
