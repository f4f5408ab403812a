from gradcli.cli.app import main

main()
