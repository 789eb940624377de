"""Treaty Skirmish's own face: the ring-graph board and the treaty hand in the browser."""
