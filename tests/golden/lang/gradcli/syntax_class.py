class Net:
    pass
