"""render: ModulePlan -> NAME.i and NAME.pyi through Jinja (interface), and writing files
deterministically and atomically (write)."""
