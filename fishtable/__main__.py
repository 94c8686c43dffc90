from fishtable.cli import main

raise SystemExit(main())
