print("icsview")
