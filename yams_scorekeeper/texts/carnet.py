TEXTS = {}
